import { describe, expect, it, vi } from 'vitest';
import { ApiClient } from './api-client.js';
import { fakeFetch, jsonResponse, type RecordedCall } from './fake-fetch.testing.js';
import { ACCESS_TOKEN_KEY, memoryStorage, REFRESH_TOKEN_KEY, TokenStore } from './token-store.js';

/** A server whose only valid access token is `valid`, renewing R1 into (A2, R2). */
function server(refreshAnswer: () => Response) {
  return (call: RecordedCall): Response | Promise<Response> => {
    if (call.url === '/api/v1/refresh') return refreshAnswer();
    return call.headers.Authorization === 'Bearer A2' ? jsonResponse(200, { data: 'ok' }) : jsonResponse(401, {});
  };
}

function setUp(refreshAnswer: () => Response, refreshToken: string | null = 'R1') {
  const storage = memoryStorage();
  storage.setItem(ACCESS_TOKEN_KEY, 'A1');
  if (refreshToken !== null) storage.setItem(REFRESH_TOKEN_KEY, refreshToken);
  const tokens = new TokenStore(storage);
  const { fetch, calls } = fakeFetch(server(refreshAnswer));
  const onUnauthorized = vi.fn();
  const client = new ApiClient({ fetch, tokens, onUnauthorized, onServerError: vi.fn() });
  const refreshCalls = () => calls.filter((c) => c.url === '/api/v1/refresh');
  return { client, calls, tokens, onUnauthorized, refreshCalls, storage };
}

const renewed = () => jsonResponse(200, { data: { access: 'A2', refresh: 'R2' } });

describe('ApiClient token refresh', () => {
  it('refreshes on a 401 with the refresh token in a data wrapper, then retries once', async () => {
    const { client, refreshCalls, storage } = setUp(renewed);
    const response = await client.get('/api/v1/user');
    expect(response).toEqual({ ok: true, status: 200, body: { data: 'ok' } });
    expect(refreshCalls()).toHaveLength(1);
    expect(refreshCalls()[0]?.body).toBe('{"data":{"refresh":"R1"}}');
    expect(storage.getItem(ACCESS_TOKEN_KEY)).toBe('A2');
    expect(storage.getItem(REFRESH_TOKEN_KEY)).toBe('R2');
  });

  it('serves all concurrent 401s with one shared refresh', async () => {
    const { client, calls, refreshCalls } = setUp(renewed);
    const answers = await Promise.all([client.get('/a'), client.get('/b'), client.get('/c')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(refreshCalls()).toHaveLength(1);
    expect(calls.filter((c) => c.headers.Authorization === 'Bearer A2')).toHaveLength(3);
  });

  it('retries only once: a second 401 goes back to the caller', async () => {
    const { client, calls } = setUp(() => jsonResponse(200, { data: { access: 'A3', refresh: 'R3' } }));
    const response = await client.get('/api/v1/user');
    expect(response.status).toBe(401);
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/user', '/api/v1/refresh', '/api/v1/user']);
  });

  it('clears both tokens and runs the unauthorized handler when the refresh fails', async () => {
    const { client, tokens, onUnauthorized } = setUp(() => jsonResponse(401, {}));
    const response = await client.get('/api/v1/user');
    expect(response.status).toBe(401);
    expect(tokens.access).toBeNull();
    expect(tokens.refresh).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('returns a 401 untouched when no refresh token is held', async () => {
    const { client, refreshCalls, onUnauthorized } = setUp(renewed, null);
    expect((await client.post('/api/v1/login', {})).status).toBe(401);
    expect(refreshCalls()).toHaveLength(0);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
