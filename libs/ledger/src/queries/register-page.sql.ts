import type { LedgerTransactionView } from '@budget/contracts';
import type { Pool } from '@budget/platform';
import { TRANSACTION_JOINS, TRANSACTION_SELECT, toTransactionJson, type TransactionRowDb } from './transaction-view.js';

/** A page of a register: `limit` rows after skipping `offset`, newest first; a search filters by name. */
export interface RegisterPage {
  offset: number;
  limit: number;
  search: string | null;
}

/** Rows in a register: its newest row's rank (ranks run 1…N from the oldest). */
export async function registerSize(pool: Pool, register: string): Promise<number> {
  const { rows } = await pool.query<{ rank: number }>('SELECT rank FROM ledger_register_rows WHERE register = $1 ORDER BY rank DESC LIMIT 1', [register]);
  return rows[0]?.rank ?? 0;
}

/**
 * One page of a register (`a:`, `ap:`, `c:` or `cp:` + id). Without a search the page is the rank
 * range [N − offset − limit + 1, N − offset], read newest first through the (register, rank) index:
 * the same cost at any depth. A search filters by name and pages the matches.
 */
export async function registerPage(pool: Pool, register: string, page: RegisterPage, runningBase: bigint | null): Promise<{ transactions: LedgerTransactionView[]; count: number }> {
  if (page.search) return searchPage(pool, register, { ...page, search: page.search }, runningBase);
  const total = await registerSize(pool, register);
  const high = total - page.offset;
  if (high < 1) return { transactions: [], count: total };
  const low = Math.max(1, high - page.limit + 1);
  const { rows } = await pool.query<TransactionRowDb>(
    `SELECT ${TRANSACTION_SELECT}, r.running_cents FROM ledger_register_rows r
       JOIN ledger_transactions t ON t.id = r.transaction_id ${TRANSACTION_JOINS}
      WHERE r.register = $1 AND r.rank BETWEEN $2 AND $3 ORDER BY r.rank DESC`,
    [register, low, high],
  );
  return { transactions: rows.map((row) => toTransactionJson(row, runningBase)), count: total };
}

async function searchPage(pool: Pool, register: string, page: RegisterPage & { search: string }, runningBase: bigint | null) {
  const pattern = `%${page.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await pool.query<TransactionRowDb & { total: string }>(
    `SELECT ${TRANSACTION_SELECT}, r.running_cents, count(*) OVER () AS total FROM ledger_register_rows r
       JOIN ledger_transactions t ON t.id = r.transaction_id ${TRANSACTION_JOINS}
      WHERE r.register = $1 AND t.name ILIKE $2 ORDER BY r.rank DESC OFFSET $3 LIMIT $4`,
    [register, pattern, page.offset, page.limit],
  );
  return { transactions: rows.map((row) => toTransactionJson(row, runningBase)), count: Number(rows[0]?.total ?? 0) };
}
