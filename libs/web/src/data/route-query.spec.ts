import { route } from '@budget/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiClient } from '../api/api-client.js';
import { ApiError } from '../api/api-error.js';
import { fakeFetch, jsonResponse } from '../api/fake-fetch.testing.js';
import { memoryStorage, TokenStore } from '../api/token-store.js';
import { routeQuery } from './route-query.js';

const bills = route({
  id: 'testBills',
  method: 'GET',
  path: '/bills',
  summary: 'Bills',
  tag: 'test',
  query: z.object({ limit: z.number().optional() }),
  response: z.object({ data: z.array(z.object({ id: z.string(), name: z.string() })) }),
});

function fetchBills(answer: () => Response) {
  const { fetch } = fakeFetch(answer);
  const api = new ApiClient({ fetch, tokens: new TokenStore(memoryStorage()), onServerError: vi.fn(), onUnauthorized: vi.fn() });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return client.fetchQuery(routeQuery(api, bills, { query: { limit: 5 } }));
}

describe('routeQuery', () => {
  it('is keyed by the URL, then the route id', () => {
    const api = {} as ApiClient;
    expect(routeQuery(api, bills, { query: { limit: 5 } }).queryKey).toEqual(['/api/v1/bills?limit=5', 'testBills']);
  });

  it('gives the parsed answer, an empty list included', async () => {
    await expect(fetchBills(() => jsonResponse(200, { data: [] }))).resolves.toEqual({ data: [] });
  });

  it('fails on a 404 instead of giving an empty list', async () => {
    await expect(fetchBills(() => jsonResponse(404, { errors: [{ code: 'E_NOT_FOUND', message: 'Not found', detail: '' }] }))).rejects.toBeInstanceOf(ApiError);
  });

  it('fails on an answer outside the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(fetchBills(() => jsonResponse(200, { data: [{ id: 1 }] }))).rejects.toMatchObject({ kind: 'invalid-response' });
  });
});
