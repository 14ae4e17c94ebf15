import { route } from '@budget/contracts';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { PendingWrites } from './pending-writes.js';
import { ApiClient } from './api-client.js';
import { fakeFetch, jsonResponse } from './fake-fetch.testing.js';
import { newIdempotencyKey } from './idempotency.js';
import { ACCESS_TOKEN_KEY, memoryStorage, REFRESH_TOKEN_KEY, TokenStore } from './token-store.js';

function setUp(accessOk = (auth: string | undefined) => auth !== undefined) {
  const storage = memoryStorage();
  storage.setItem(ACCESS_TOKEN_KEY, 'A1');
  storage.setItem(REFRESH_TOKEN_KEY, 'R1');
  let next = 0;
  const { fetch, calls } = fakeFetch((call) => {
    if (call.url === '/api/v1/refresh') return jsonResponse(200, { data: { access: 'A2', refresh: 'R2' } });
    return accessOk(call.headers.Authorization) ? jsonResponse(200, {}) : jsonResponse(401, {});
  });
  const client = new ApiClient({ fetch, tokens: new TokenStore(storage), onServerError: vi.fn(), onUnauthorized: vi.fn(), newKey: () => `key-${++next}` });
  return { client, calls };
}

describe('Idempotency-Key', () => {
  it('sends a fresh key with every write and none with a read', async () => {
    const { client, calls } = setUp();
    await client.post('/a', {});
    await client.put('/b', {});
    await client.patch('/c', {});
    await client.delete('/d');
    await client.get('/e');
    expect(calls.map((call) => call.headers['Idempotency-Key'])).toEqual(['key-1', 'key-2', 'key-3', 'key-4', undefined]);
  });

  it('sends the same key again when the write is retried after a token refresh', async () => {
    const { client, calls } = setUp((auth) => auth === 'Bearer A2');
    await client.post('/api/v1/institution', { name: 'Bank' });
    const writes = calls.filter((call) => call.url === '/api/v1/institution');
    expect(writes).toHaveLength(2);
    expect(writes.map((call) => call.headers['Idempotency-Key'])).toEqual(['key-1', 'key-1']);
    const refresh = calls.find((call) => call.url === '/api/v1/refresh');
    expect(refresh?.headers['Idempotency-Key']).toBe('key-2');
  });

  it("sends the user action's key when one is given, also on the re-send after a refresh", async () => {
    const { client, calls } = setUp((auth) => auth === 'Bearer A2');
    const addGroup = route({ id: 'testAdd', method: 'POST', path: '/groups', summary: 'Add', tag: 'test', body: z.object({ name: z.string() }), response: z.object({}) });
    await client.send(addGroup, { body: { name: 'Food' } }, { idempotencyKey: 'action-1' });
    await client.send(addGroup, { body: { name: 'Food' } }, { idempotencyKey: 'action-1' });
    const writes = calls.filter((call) => call.url === '/api/v1/groups');
    expect(writes.map((call) => call.headers['Idempotency-Key'])).toEqual(['action-1', 'action-1', 'action-1']);
  });

  it('re-sends a write answered 202 pending with the same key until it answers in full', async () => {
    const pending = { pending: true, position: '42', message: 'Saved — updating balances…' };
    let sent = 0;
    const { fetch, calls } = fakeFetch(() => (++sent < 3 ? jsonResponse(202, pending) : jsonResponse(201, { data: { id: 'g1' } })));
    const client = new ApiClient({ fetch, tokens: new TokenStore(memoryStorage()), onServerError: vi.fn(), onUnauthorized: vi.fn(), newKey: () => 'k', pendingRetryMs: [0, 0, 0] });
    await expect(client.post('/api/v1/groups', { name: 'Food' })).resolves.toEqual({ ok: true, status: 201, body: { data: { id: 'g1' } } });
    expect(calls.map((call) => call.headers['Idempotency-Key'])).toEqual(['k', 'k', 'k']);
  });

  it('reports a pending write while it is re-sent, and its end once it answers in full', async () => {
    const pending = { pending: true, position: '42', message: 'Saved — updating balances…' };
    const writes = new PendingWrites();
    const seen: number[] = [];
    writes.subscribe(() => seen.push(writes.get()));
    let sent = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { fetch } = fakeFetch(async () => {
      sent += 1;
      if (sent === 2) await held;
      return sent < 3 ? jsonResponse(202, pending) : jsonResponse(201, { data: { id: 'g1' } });
    });
    const client = new ApiClient({ fetch, tokens: new TokenStore(memoryStorage()), onServerError: vi.fn(), onUnauthorized: vi.fn(), pendingRetryMs: [0, 0, 0], pendingWrites: writes });
    const answer = client.post('/api/v1/groups', { name: 'Food' });
    await vi.waitFor(() => expect(sent).toBe(2));
    expect(writes.get()).toBe(1);
    expect(writes.text()).toBe('Saved — updating balances…');
    release();
    await expect(answer).resolves.toMatchObject({ status: 201 });
    expect(writes.get()).toBe(0);
    expect(seen).toEqual([1, 0]);
  });

  it('says the write is saved when the read models never catch up', async () => {
    const pending = { pending: true, position: '42', message: 'Saved — updating balances…' };
    const { fetch, calls } = fakeFetch(() => jsonResponse(202, pending));
    const client = new ApiClient({ fetch, tokens: new TokenStore(memoryStorage()), onServerError: vi.fn(), onUnauthorized: vi.fn(), pendingRetryMs: [0] });
    const addGroup = route({ id: 'testAdd', method: 'POST', path: '/groups', summary: 'Add', tag: 'test', body: z.object({ name: z.string() }), response: z.object({ data: z.object({ id: z.string() }) }) });
    await expect(client.send(addGroup, { body: { name: 'Food' } })).rejects.toMatchObject({ kind: 'pending', message: 'Saved — updating balances…' });
    expect(calls).toHaveLength(2);
  });

  it('does not re-send a read answered 202', async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse(202, { pending: true, position: '1', message: 'x' }));
    const client = new ApiClient({ fetch, tokens: new TokenStore(memoryStorage()), onServerError: vi.fn(), onUnauthorized: vi.fn(), pendingRetryMs: [0] });
    await client.get('/api/v1/groups');
    expect(calls).toHaveLength(1);
  });

  it('makes random version 4 UUIDs, also without crypto.randomUUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey()).toMatch(uuid);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const [a, b] = [newIdempotencyKey(), newIdempotencyKey()];
      expect(a).toMatch(uuid);
      expect(a).not.toBe(b);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
