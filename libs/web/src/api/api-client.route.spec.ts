import { route } from '@budget/contracts';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiClient } from './api-client.js';
import { ApiError } from './api-error.js';
import { fakeFetch, jsonResponse, textResponse, type RecordedCall } from './fake-fetch.testing.js';
import { memoryStorage, TokenStore } from './token-store.js';

const item = route({
  id: 'testItem',
  method: 'GET',
  path: '/things/{thingId}/items',
  summary: 'Items of a thing',
  tag: 'test',
  params: z.object({ thingId: z.string() }),
  query: z.object({ offset: z.number().optional(), c: z.array(z.string()).optional(), pending: z.boolean().optional() }),
  response: z.object({ data: z.array(z.object({ id: z.string(), amount: z.number() })) }),
});

const rename = route({
  id: 'testRename',
  method: 'PATCH',
  path: '/things/{id}',
  summary: 'Rename a thing',
  tag: 'test',
  params: z.object({ id: z.string() }),
  body: z.object({ name: z.string() }),
  response: z.object({ data: z.object({ id: z.string(), name: z.string() }) }),
});

const remove = route({ id: 'testRemove', method: 'DELETE', path: '/things/{id}', summary: 'Delete', tag: 'test', params: z.object({ id: z.string() }), response: null, status: 204 });

const upload = route({ id: 'testUpload', method: 'POST', path: '/things/{id}/ofx', summary: 'Upload', tag: 'test', params: z.object({ id: z.string() }), body: z.string(), bodyType: 'text', response: null });

const health = route({ id: 'testHealth', method: 'GET', path: '/health', summary: 'Health', tag: 'test', response: z.object({ status: z.literal('ok') }) });

function clientWith(handler: (call: RecordedCall) => Response | Promise<Response>) {
  const { fetch, calls } = fakeFetch(handler);
  const client = new ApiClient({ fetch, tokens: new TokenStore(memoryStorage()), onServerError: vi.fn(), onUnauthorized: vi.fn() });
  return { client, calls };
}

describe('api.call with a route contract', () => {
  it('builds the URL from the path, the params and the query, and parses the answer', async () => {
    const { client, calls } = clientWith(() => jsonResponse(200, { data: [{ id: 'a', amount: 1.5 }] }));
    const answer = await client.call(item, { params: { thingId: 'a b' }, query: { offset: 30, c: ['x', 'y'], pending: true } });
    expect(calls[0]?.url).toBe('/api/v1/things/a%20b/items?offset=30&c=x&c=y&pending=true');
    expect(answer).toEqual({ data: [{ id: 'a', amount: 1.5 }] });
    expectTypeOf(answer).toEqualTypeOf<{ data: { id: string; amount: number }[] }>();
  });

  it('needs no request for a route that takes nothing', async () => {
    const { client, calls } = clientWith(() => jsonResponse(200, { status: 'ok' }));
    await expect(client.call(health)).resolves.toEqual({ status: 'ok' });
    expect(calls[0]?.url).toBe('/api/v1/health');
  });

  it('sends the body as JSON with the contract method', async () => {
    const { client, calls } = clientWith(() => jsonResponse(200, { data: { id: '1', name: 'New' } }));
    await client.call(rename, { params: { id: '1' }, body: { name: 'New' } });
    expect(calls[0]).toMatchObject({ method: 'PATCH', url: '/api/v1/things/1', body: '{"name":"New"}' });
  });

  it('sends a text body raw', async () => {
    const { client, calls } = clientWith(() => new Response(null, { status: 204 }));
    await expect(client.call(upload, { params: { id: '1' }, body: 'OFXHEADER:100' })).resolves.toBeUndefined();
    expect(calls[0]?.body).toBe('OFXHEADER:100');
    expect(calls[0]?.headers['Content-Type']).toBeUndefined();
  });

  it('answers nothing for an empty-bodied route', async () => {
    const { client } = clientWith(() => new Response(null, { status: 204 }));
    await expect(client.call(remove, { params: { id: '1' } })).resolves.toBeUndefined();
  });

  it('throws an invalid response, never an empty result, when the answer breaks the contract', async () => {
    const { client } = clientWith(() => jsonResponse(200, { data: [{ id: 'a', amount: '1.50' }] }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await client.call(item, { params: { thingId: 'a' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'invalid-response', status: 200, message: 'invalid response' });
    expect((error as ApiError).detail).toContain('amount');
  });

  it('throws an error status with the server message', async () => {
    const { client } = clientWith(() => jsonResponse(404, { errors: [{ code: 'NOT_FOUND', message: 'No such thing.', detail: 'x' }] }));
    const error = await client.call(item, { params: { thingId: 'a' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'status', status: 404, message: 'No such thing.' });
  });

  it('names the status when the body has no message', async () => {
    const { client } = clientWith(() => textResponse(503, 'unavailable'));
    await expect(client.call(health)).rejects.toMatchObject({ kind: 'status', status: 503, message: 'The server answered 503.' });
  });
});

describe('the request type', () => {
  it('follows the contract', () => {
    const { client } = clientWith(() => jsonResponse(200, {}));
    const typeOnly = () => {
      // @ts-expect-error the path params are required
      void client.call(item);
      // @ts-expect-error the body has the wrong shape
      void client.call(rename, { params: { id: '1' }, body: { name: 1 } });
      // @ts-expect-error a text route takes a string
      void client.call(upload, { params: { id: '1' }, body: 3 });
    };
    expect(typeof typeOnly).toBe('function');
  });
});

describe('api.send with a route contract', () => {
  it('returns an error status with its body for forms to show', async () => {
    const errors = { errors: [{ field: 'name', code: 'invalid', message: 'A name must be provided.', detail: 'x' }] };
    const { client } = clientWith(() => jsonResponse(422, errors));
    await expect(client.send(rename, { params: { id: '1' }, body: { name: '' } })).resolves.toEqual({ ok: false, status: 422, body: errors });
  });

  it('returns the parsed answer on success', async () => {
    const { client } = clientWith(() => jsonResponse(200, { data: { id: '1', name: 'New', extra: true } }));
    const result = await client.send(rename, { params: { id: '1' }, body: { name: 'New' } });
    expect(result).toEqual({ ok: true, status: 200, body: { data: { id: '1', name: 'New' } } });
  });
});
