import { describe, expect, it, vi } from 'vitest';
import { ApiClient } from './api-client.js';
import { fakeFetch, jsonResponse, textResponse } from './fake-fetch.testing.js';
import { memoryStorage, TokenStore } from './token-store.js';

function clientWith(handler: Parameters<typeof fakeFetch>[0], tokens = new TokenStore(memoryStorage())) {
  const { fetch, calls } = fakeFetch(handler);
  const onServerError = vi.fn();
  const onUnauthorized = vi.fn();
  const client = new ApiClient({ fetch, tokens, onServerError, onUnauthorized });
  return { client, calls, onServerError, onUnauthorized, tokens };
}

describe('ApiClient requests', () => {
  it('asks for JSON and sends no authorization header when no access token is held', async () => {
    const { client, calls } = clientWith(() => jsonResponse(200, {}));
    await client.get('/api/v1/groups');
    expect(calls[0]?.headers).toEqual({ Accept: 'application/json' });
  });

  it('sends the bearer header when an access token is held', async () => {
    const tokens = new TokenStore(memoryStorage());
    tokens.set({ access: 'A1', refresh: 'R1' });
    const { client, calls } = clientWith(() => jsonResponse(200, {}), tokens);
    await client.get('/api/v1/user');
    expect(calls[0]?.headers.Authorization).toBe('Bearer A1');
  });

  it('encodes bodies as JSON with a JSON content type', async () => {
    const { client, calls } = clientWith(() => jsonResponse(200, {}));
    await client.patch('/api/v1/user', { email: 'a@b.c' });
    expect(calls[0]).toMatchObject({ method: 'PATCH', body: '{"email":"a@b.c"}' });
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
  });

  it('passes raw bodies through untouched and without a JSON content type', async () => {
    const { client, calls } = clientWith(() => jsonResponse(200, {}));
    await client.postRaw('/api/v1/account/3/ofx', 'OFXHEADER:100');
    expect(calls[0]?.body).toBe('OFXHEADER:100');
    expect(calls[0]?.headers['Content-Type']).toBeUndefined();
  });

  it('reads JSON bodies as JSON and other bodies as text', async () => {
    const { client } = clientWith((call) =>
      call.url.endsWith('/json') ? jsonResponse(200, { data: 1 }) : textResponse(200, 'plain'),
    );
    expect((await client.get('/json')).body).toEqual({ data: 1 });
    expect((await client.get('/text')).body).toBe('plain');
  });

  it('returns other error statuses to the caller without throwing', async () => {
    const errors = { errors: [{ field: 'username', message: 'bad' }] };
    const { client, onServerError } = clientWith(() => jsonResponse(422, errors));
    await expect(client.post('/api/v1/register', {})).resolves.toEqual({ ok: false, status: 422, body: errors });
    expect(onServerError).not.toHaveBeenCalled();
  });
});

describe('ApiClient server errors', () => {
  const crash = { message: 'boom', stack: 'Error: boom\n    at a.ts:1\n    at b.ts:2' };

  it('stores a 5xx with message and stack as the global server error and throws', async () => {
    const { client, onServerError } = clientWith(() => jsonResponse(500, crash));
    await expect(client.get('/api/v1/groups')).rejects.toThrow('server error');
    expect(onServerError).toHaveBeenCalledWith({ message: 'Error: boom', stack: '    at a.ts:1\n    at b.ts:2' });
  });

  it('treats a 404 with code E_ROUTE_NOT_FOUND plus message and stack the same way', async () => {
    const { client, onServerError } = clientWith(() => jsonResponse(404, { ...crash, code: 'E_ROUTE_NOT_FOUND' }));
    await expect(client.get('/api/v1/nowhere')).rejects.toThrow('server error');
    expect(onServerError).toHaveBeenCalledOnce();
  });

  it('returns a plain 404 and a 5xx without a stack to the caller', async () => {
    const { client, onServerError } = clientWith((call) =>
      call.url.endsWith('/missing') ? jsonResponse(404, crash) : textResponse(503, 'unavailable'),
    );
    expect((await client.get('/missing')).status).toBe(404);
    expect((await client.get('/down')).body).toBe('unavailable');
    expect(onServerError).not.toHaveBeenCalled();
  });
});
