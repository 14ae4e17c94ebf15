import { categoryRegister, searchTransactions } from '@budget/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../api/api-client.js';
import { fakeFetch, jsonResponse } from '../api/fake-fetch.testing.js';
import { memoryStorage, TokenStore } from '../api/token-store.js';
import { transaction } from './transaction.testing.js';
import { fetchRegisterPage } from './use-register.js';

const CATEGORY = 'b8b391d4-3dbb-4cf9-b7cc-6062b04069ee';

function client(answer: () => Response) {
  const { fetch, calls } = fakeFetch(answer);
  return { api: new ApiClient({ fetch, tokens: new TokenStore(memoryStorage()), onServerError: vi.fn(), onUnauthorized: vi.fn() }), calls };
}

describe('a register page', () => {
  it('asks for 30 rows from the offset with the route query, and reads rows and totals', async () => {
    const rows = [transaction({ id: 't1', categories: [{ categoryId: CATEGORY, amount: -5, comment: null }] })];
    const { api, calls } = client(() => jsonResponse(200, { data: { transactions: rows, balance: 12.5, transactionsCount: 31 } }));
    const page = await fetchRegisterPage(api, categoryRegister, { params: { id: CATEGORY }, query: { pending: '2' } }, 30);
    expect(calls[0]?.url).toBe(`/api/v1/category/${CATEGORY}/transactions?pending=2&offset=30&limit=30`);
    expect(page).toEqual({ transactions: rows, balance: 12.5, count: 31, countCapped: false, received: 1 });
  });

  it("reads a search's count stopped at its bound as capped (there are more rows than the count)", async () => {
    const rows = [transaction({ id: 't1' })];
    const { api } = client(() => jsonResponse(200, { data: { transactions: rows, balance: 0, transactionsCount: 1000, transactionsCountCapped: true } }));
    const page = await fetchRegisterPage(api, searchTransactions, { query: { name: 'e' } }, 0);
    expect(page).toMatchObject({ count: 1000, countCapped: true, received: 1 });
  });

  it('fails, not empties, when the answer breaks the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { api } = client(() => jsonResponse(200, { data: { transactions: [{ id: 1 }], balance: 0, transactionsCount: 1 } }));
    await expect(fetchRegisterPage(api, categoryRegister, { params: { id: CATEGORY } }, 0)).rejects.toMatchObject({ kind: 'invalid-response' });
  });
});
