import type { LedgerTransactionView } from '@budget/contracts';
import type { Pool } from '@budget/platform';
import { TRANSACTION_JOINS, TRANSACTION_SELECT, toTransactionJson, type TransactionRowDb } from './transaction-view.js';

/** A page of a register: `limit` rows after skipping `offset`, newest first; a search filters by name, `newOnly` to the rows not yet reviewed. */
export interface RegisterPage {
  offset: number;
  limit: number;
  search: string | null;
  /** Only the "new" rows (docs/architecture.md §4.6 "Review state"). */
  newOnly?: boolean;
}

/** Rows in a register: the sum of its blocks' row counts (a few hundred small rows at most). */
export const REGISTER_SIZE_SQL = 'SELECT COALESCE(sum(row_count), 0)::int AS size FROM ledger_register_blocks WHERE register = $1';

export async function registerSize(pool: Pool, register: string): Promise<number> {
  const { rows } = await pool.query<{ size: number }>({ name: 'ledger-register-size', text: REGISTER_SIZE_SQL, values: [register] });
  return rows[0]?.size ?? 0;
}

/**
 * The rows of ranks $2…$3 of register $1 (rank 1 = oldest), each with its rank and running sum. The
 * blocks (libs/ledger/src/projection/registers.ts) give, by a running sum over their few hundred
 * rows, the block holding rank $2 and the rows and cents before it; the rows are then read by
 * index from that block's start, at most a block plus a page of them, whatever the depth.
 * $4 is the date an account register counts from (its start date; null for every other register):
 * rows dated before it count nothing, so their running sum is 0 and later rows leave out what
 * those rows sum to, $5 (the account's `uncounted_cents`; 0 for every other register).
 */
export const REGISTER_SLICE_SQL = `
  WITH blocks AS (
    SELECT start_date, start_kind, start_seq,
           sum(row_count) OVER w - row_count AS rows_before, sum(sum_cents) OVER w - sum_cents AS cents_before
      FROM ledger_register_blocks WHERE register = $1
    WINDOW w AS (ORDER BY start_date, start_kind, start_seq)),
  first AS (SELECT * FROM blocks WHERE rows_before < $2 ORDER BY rows_before DESC LIMIT 1),
  slice AS (
    SELECT r.transaction_id, r.sort_date, f.rows_before + row_number() OVER o AS rank, f.cents_before + sum(r.delta_cents) OVER o AS running_cents
      FROM first f CROSS JOIN LATERAL (
        SELECT x.transaction_id, x.sort_date, x.kind_order, x.seq, x.delta_cents FROM ledger_register_rows x
         WHERE x.register = $1 AND (x.sort_date, x.kind_order, x.seq) >= (f.start_date, f.start_kind, f.start_seq)
         ORDER BY x.sort_date, x.kind_order, x.seq LIMIT $3 - f.rows_before) r
    WINDOW o AS (ORDER BY r.sort_date, r.kind_order, r.seq))
  SELECT s.transaction_id, s.rank, CASE WHEN s.sort_date < $4::date THEN 0 ELSE s.running_cents - $5::bigint END AS running_cents
    FROM slice s WHERE s.rank >= $2`;

/**
 * What a page's running balances start from: `base` plus the rows counted from `countedFrom` (null:
 * all), the rows before it summing to `uncounted`.
 */
export interface RunningBalances {
  base: bigint;
  countedFrom: string | null;
  uncounted: bigint;
}

/** A page of a register as the API answers it: the slice joined to its transactions, newest first. */
export const REGISTER_PAGE_SQL = `
  WITH page AS (${REGISTER_SLICE_SQL})
  SELECT ${TRANSACTION_SELECT}, r.running_cents FROM page r
    JOIN ledger_transactions t ON t.id = r.transaction_id ${TRANSACTION_JOINS}
   ORDER BY r.rank DESC`;

/**
 * One page of a register (`a:`, `ap:`, `c:` or `cp:` + id). Without a search the page is the rank
 * range [N − offset − limit + 1, N − offset], newest first: the same cost at any depth. A search
 * filters by name and pages the matches; each row's running sum comes from the blocks.
 */
export async function registerPage(pool: Pool, register: string, page: RegisterPage, running: RunningBalances): Promise<{ transactions: LedgerTransactionView[]; count: number }> {
  if (page.search || page.newOnly) return searchPage(pool, register, page, running);
  const total = await registerSize(pool, register);
  const high = total - page.offset;
  if (high < 1) return { transactions: [], count: total };
  const low = Math.max(1, high - page.limit + 1);
  const { rows } = await pool.query<TransactionRowDb>({ name: 'ledger-register-page', text: REGISTER_PAGE_SQL, values: [register, low, high, running.countedFrom, running.uncounted.toString()] });
  return { transactions: rows.map((row) => toTransactionJson(row, running.base)), count: total };
}

/** An ILIKE pattern for "contains `text`": `%`, `_` and `\` in it are plain characters. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A filtered page (a search, the new rows, or both): the matches paged, each running sum from the blocks. */
async function searchPage(pool: Pool, register: string, page: RegisterPage, running: RunningBalances) {
  const pattern = page.search ? containsPattern(page.search) : null;
  const { rows } = await pool.query<TransactionRowDb & { total: string }>(
    `WITH found AS (
       SELECT r.transaction_id, r.sort_date, r.kind_order, r.seq, r.delta_cents, count(*) OVER () AS total
         FROM ledger_register_rows r JOIN ledger_transactions t ON t.id = r.transaction_id
        WHERE r.register = $1 AND ($2::text IS NULL OR t.name ILIKE $2) AND (NOT $7 OR t.review_reason IS NOT NULL)
        ORDER BY r.sort_date DESC, r.kind_order DESC, r.seq DESC OFFSET $3 LIMIT $4)
     SELECT ${TRANSACTION_SELECT}, f.total,
            CASE WHEN f.sort_date < $5::date THEN 0
                 ELSE ledger_running_before($1, f.sort_date, f.kind_order, f.seq) + f.delta_cents - $6::bigint END AS running_cents
       FROM found f JOIN ledger_transactions t ON t.id = f.transaction_id ${TRANSACTION_JOINS}
      ORDER BY f.sort_date DESC, f.kind_order DESC, f.seq DESC`,
    [register, pattern, page.offset, page.limit, running.countedFrom, running.uncounted.toString(), page.newOnly === true],
  );
  return { transactions: rows.map((row) => toTransactionJson(row, running.base)), count: Number(rows[0]?.total ?? 0) };
}
