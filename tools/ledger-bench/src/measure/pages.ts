import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { accountRegister as accountKey, categoryRegister as categoryKey } from '@budget/ledger';
import type { Pool } from '@budget/platform';
import { NAIVE_ACCOUNT_PAGE, NAIVE_CATEGORY_PAGE, REGISTER_PAGE, REGISTER_SIZE } from './pages.sql.js';

export const PAGE_SIZE = 30;

/** One register the benchmark pages through, and the three ways to read a page of it. */
export interface RegisterUnderTest {
  label: string;
  /** Stored register key (`a:<accountId>`, `c:<categoryId>`). */
  register: string;
  /** Rows in it. */
  size: number;
  /** The date its running sums count from (an account's start date; null for a category). */
  countedFrom: string | null;
  /** What its rows before `countedFrom` sum to (the account's `uncounted_cents`; 0 for a category). */
  uncounted: string;
  /** API path (below /api/v1) of the page at `offset`. */
  apiPath(offset: number): string;
  naiveSql: string;
  naiveKey: string;
}

export async function registerSize(pool: Pool, register: string): Promise<number> {
  const { rows } = await pool.query<{ size: number }>(REGISTER_SIZE, [register]);
  return rows[0]?.size ?? 0;
}

export async function accountRegister(pool: Pool, accountId: string): Promise<RegisterUnderTest> {
  const register = accountKey(accountId);
  const { rows } = await pool.query<{ start: string; uncounted: string }>(
    `SELECT to_char(start_date, 'YYYY-MM-DD') AS start, uncounted_cents::text AS uncounted FROM ledger_accounts WHERE id = $1`,
    [accountId],
  );
  return {
    label: 'account', register, size: await registerSize(pool, register), countedFrom: rows[0]!.start, uncounted: rows[0]!.uncounted,
    apiPath: (offset) => `account/${accountId}/transactions?offset=${offset}&limit=${PAGE_SIZE}`,
    naiveSql: NAIVE_ACCOUNT_PAGE, naiveKey: accountId,
  };
}

export async function categoryRegister(pool: Pool, categoryId: string): Promise<RegisterUnderTest> {
  const register = categoryKey(categoryId);
  return {
    label: 'category', register, size: await registerSize(pool, register), countedFrom: null, uncounted: '0',
    apiPath: (offset) => `category/${categoryId}/transactions?offset=${offset}&limit=${PAGE_SIZE}&pending=2`,
    naiveSql: NAIVE_CATEGORY_PAGE, naiveKey: categoryId,
  };
}

/** The page at `offset` through the whole API; answers the transaction ids in page order. */
export function apiPage(app: NestFastifyApplication, token: string, register: RegisterUnderTest, offset: number): () => Promise<string[]> {
  const request = { method: 'GET' as const, url: `/api/v1/${register.apiPath(offset)}`, headers: { authorization: `Bearer ${token}` } };
  return async () => {
    const response = await app.inject(request);
    if (response.statusCode !== 200) throw new Error(`GET ${request.url} answered ${response.statusCode}: ${response.body}`);
    return (JSON.parse(response.body) as { data: { transactions: { id: string }[] } }).data.transactions.map((t) => t.id);
  };
}

/** The same page as one SQL query on the stored register: ranks [size − offset − 29, size − offset]. */
export function sqlPage(pool: Pool, register: RegisterUnderTest, offset: number): () => Promise<string[]> {
  const high = register.size - offset;
  const values = [register.register, Math.max(1, high - PAGE_SIZE + 1), high, register.countedFrom, register.uncounted];
  return async () => (await pool.query<{ id: string }>(REGISTER_PAGE, values)).rows.map((r) => r.id);
}

/** PostgreSQL's own execution time (EXPLAIN ANALYZE) of the raw SQL page, in ms: the part of it spent in the server. */
export function sqlPageExecution(pool: Pool, register: RegisterUnderTest, offset: number): () => Promise<number> {
  const high = register.size - offset;
  const values = [register.register, Math.max(1, high - PAGE_SIZE + 1), high, register.countedFrom, register.uncounted];
  return async () => {
    const { rows } = await pool.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${REGISTER_PAGE}`, values);
    return rows[0]!['QUERY PLAN'][0]['Execution Time'];
  };
}

/** The same page the naive way: ORDER BY date DESC … OFFSET n LIMIT 30. */
export function naivePage(pool: Pool, register: RegisterUnderTest, offset: number): () => Promise<string[]> {
  const values = [register.naiveKey, offset, PAGE_SIZE];
  return async () => (await pool.query<{ id: string }>(register.naiveSql, values)).rows.map((r) => r.id);
}
