import { listConnectedAccounts, listStatements, type LedgerInstitutionView, type LedgerStatementView } from '@budget/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../api/api-client.js';
import { ApiError } from '../api/api-error.js';
import { fakeFetch, jsonResponse } from '../api/fake-fetch.testing.js';
import { memoryStorage, TokenStore } from '../api/token-store.js';
import { fetchEveryPage } from './every-page.js';

const ACCOUNT = 'b8b391d4-3dbb-4cf9-b7cc-6062b04069ee';

const statement = (n: number): LedgerStatementView => ({
  id: `s${n}`, accountId: ACCOUNT, startDate: '2025-01-01', endDate: `2025-01-${String(n).padStart(2, '0')}`, startingBalance: 0, endingBalance: n, credits: 0, debits: 0, finished: false, reconciledAt: null,
});
const institution = (n: number): LedgerInstitutionView => ({ id: `i${n}`, plaidInstitutionId: null, name: `Bank ${n}`, offline: true, syncDate: null, accounts: [] });

/** A client whose server pages `rows` by the offset and limit in the URL, as the API does. */
function pagingServer<T>(rows: T[], wrap: (page: T[]) => unknown) {
  const { fetch, calls } = fakeFetch(({ url }) => {
    const query = new URL(url, 'http://x').searchParams;
    const offset = Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? 1000);
    return jsonResponse(200, wrap(rows.slice(offset, offset + limit)));
  });
  return { api: new ApiClient({ fetch, tokens: new TokenStore(memoryStorage()), onServerError: vi.fn(), onUnauthorized: vi.fn() }), calls };
}

describe('every page of a list', () => {
  it('asks page after page until a short one and shows every row, in order', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => statement(i + 1));
    const { api, calls } = pagingServer(rows, (page) => page);
    expect(await fetchEveryPage(api, listStatements, { params: { id: ACCOUNT } }, 3)).toEqual(rows);
    expect(calls.map((c) => c.url)).toEqual([0, 3, 6].map((offset) => `/api/v1/account/${ACCOUNT}/statements?offset=${offset}&limit=3`));
  });

  it('asks once more when the last page is exactly full, and keeps the {data} shape', async () => {
    const rows = Array.from({ length: 4 }, (_, i) => institution(i));
    const { api, calls } = pagingServer(rows, (page) => ({ data: page }));
    expect(await fetchEveryPage(api, listConnectedAccounts, {}, 2)).toEqual({ data: rows });
    expect(calls).toHaveLength(3);
  });

  it('asks for the largest page by default: one call for any real user', async () => {
    const { api, calls } = pagingServer([statement(1)], (page) => page);
    await fetchEveryPage(api, listStatements, { params: { id: ACCOUNT } });
    expect(calls.map((c) => c.url)).toEqual([`/api/v1/account/${ACCOUNT}/statements?offset=0&limit=1000`]);
  });

  it('fails, never shortens the list, when a later page fails', async () => {
    const { fetch } = fakeFetch(({ url }) => (url.includes('offset=0') ? jsonResponse(200, [statement(1), statement(2)]) : jsonResponse(500, { errors: [] })));
    const api = new ApiClient({ fetch, tokens: new TokenStore(memoryStorage()), onServerError: vi.fn(), onUnauthorized: vi.fn() });
    await expect(fetchEveryPage(api, listStatements, { params: { id: ACCOUNT } }, 2)).rejects.toBeInstanceOf(ApiError);
  });
});
