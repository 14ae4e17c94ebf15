import type { Cents } from '@budget/money';
import type { Pool } from '@budget/platform';
import { containsPattern } from '../register-page.sql.js';
import { TRANSACTION_JOINS, TRANSACTION_SELECT, toTransactionJson, type TransactionRowDb } from '../transaction-view.js';

export interface TransactionSearch {
  /** Trimmed, non-blank; or null for no name filter. */
  name: string | null;
  /** Exactly this signed amount. */
  amount: Cents | null;
  /** This amount in or out (never negative): +x or -x. */
  absAmount?: Cents | null;
  /** Trimmed, non-blank: contained in the memo (the transaction's comment). */
  memo?: string | null;
  /** Trimmed, non-blank: contained in the name of one of the row's categories. */
  category?: string | null;
  /** YYYY-MM-DD, both ends included. */
  startDate?: string | null;
  endDate?: string | null;
  offset: number;
  limit: number;
}

/**
 * Whether a contains-filter can be served by a trigram index: pg_trgm draws trigrams from runs of
 * at least three letters or digits; a shorter text has none, and a trigram index would be read
 * whole (docs/architecture.md §4.9).
 */
export const hasTrigram = (text: string): boolean => /[\p{L}\p{N}]{3}/u.test(text);

/**
 * A contains-filter on `column`, case-insensitive, its text bound as `$n`. With a trigram it is
 * `ILIKE`, which the user-scoped trigram index serves; without one it is written `strpos(lower(…))`,
 * which no trigram index matches, so the planner walks the user's rows newest first through the
 * covering `ledger_transactions_user_recent` (index-only) and stops when the page is full.
 */
function containsCondition(column: string, text: string, values: unknown[]): string {
  if (hasTrigram(text)) {
    values.push(containsPattern(text));
    return `${column} ILIKE $${values.length}`;
  }
  values.push(text);
  return `strpos(lower(${column}), lower($${values.length})) > 0`;
}

/**
 * The WHERE of a search: the caller's live rows, then each filter the search has. Only constant
 * fragments are joined; every value is a parameter ($1 is the user). A filter left out is left
 * out of the statement, not written `$n IS NULL OR …`, so the planner sees what it has to serve.
 */
function searchConditions(
  search: TransactionSearch,
  userId: string,
  /** The benchmark's "before": a category's parts also filtered by their user, as before the index-only read. */
  partsByUser = false,
): { where: string; filters: string; values: unknown[]; shortName: number | null } {
  const values: unknown[] = [userId];
  const conditions = ['t.user_id = $1', 'NOT t.deleted'];
  if (search.name !== null) conditions.push(containsCondition('t.name', search.name, values));
  // The parameter holding a name of no trigram: its search may read the letters' index instead.
  const shortName = search.name !== null && !hasTrigram(search.name) ? values.length : null;
  if (search.amount !== null) {
    values.push(search.amount.toString());
    conditions.push(`t.amount_cents = $${values.length}::bigint`);
  }
  if (search.absAmount !== undefined && search.absAmount !== null) {
    values.push(search.absAmount.toString());
    conditions.push(`t.amount_cents IN ($${values.length}::bigint, -$${values.length}::bigint)`);
  }
  if (search.memo) conditions.push(containsCondition('t.comment', search.memo, values));
  if (search.category) {
    // The user's categories whose name matches (a budget has tens), then their transactions
    // through ledger_splits_category_transaction; every part counts, live or not (a pending row's
    // parts are not live, and search lists pending rows). The parts are not filtered by user:
    // the categories are the user's, and so is every row kept (`t.user_id = $1`), and a filter on
    // the part's own column would make the planner read every part's row from the table instead
    // of the index alone (about 700 pages for a category of 1,400 rows; README, Search).
    values.push(containsPattern(search.category));
    conditions.push(`t.id IN (
      SELECT s.transaction_id FROM ledger_splits s
       WHERE s.category_id IN (SELECT c.id FROM budget_categories c WHERE c.user_id = $1 AND c.name ILIKE $${values.length})${partsByUser ? ' AND s.user_id = $1' : ''})`);
  }
  if (search.startDate) {
    values.push(search.startDate);
    conditions.push(`t.date >= $${values.length}::date`);
  }
  if (search.endDate) {
    values.push(search.endDate);
    conditions.push(`t.date <= $${values.length}::date`);
  }
  // The filters alone (true when there are none): what a row of the user's live rows must also meet.
  const filters = conditions.length > 2 ? conditions.slice(2).join(' AND ') : 'true';
  return { where: conditions.join(' AND '), filters, values, shortName };
}

/**
 * The count stops here (docs/architecture.md §4.9): below it `transactionsCount` is every match;
 * with more, the answer is this many and `transactionsCountCapped` is true ("1,000+ found"). A
 * short text or a category matches much of a budget, and an exact count read every one of the
 * user's rows (100–230 ms p99 at 20,000 rows under load); a bounded count reads at most this many
 * matches. Chosen by measurement (README "Performance", Search).
 */
export const SEARCH_COUNT_BOUND = 1000;

/**
 * A search as two statements, the page and the count, which the API sent at once before
 * `searchStatement` (the benchmark's "two statements", and the tests' exact count with
 * `countBound` null). The page, newest first (date
 * descending, then the latest recorded), and the count of the matches up to `countBound` + 1
 * (null: every match, unbounded — the benchmark's "before"). The page picks the ids first from the
 * columns `ledger_transactions_user_recent` covers, then reads the 30 full rows.
 */
export function searchStatements(
  search: TransactionSearch,
  userId: string,
  countBound: number | null = SEARCH_COUNT_BOUND,
): { page: { text: string; values: unknown[] }; count: { text: string; values: unknown[] } } {
  const { where, values } = searchConditions(search, userId);
  const offset = values.length + 1;
  const limit = values.length + 2;
  const page = `
    SELECT ${TRANSACTION_SELECT} FROM (
      SELECT t.id, t.date, t.seq FROM ledger_transactions t WHERE ${where}
       ORDER BY t.date DESC, t.seq DESC OFFSET $${offset} LIMIT $${limit}) found
      JOIN ledger_transactions t ON t.id = found.id ${TRANSACTION_JOINS}
     ORDER BY found.date DESC, found.seq DESC`;
  // One row past the bound tells "exactly the bound" from "more than the bound".
  const count =
    countBound === null
      ? { text: `SELECT count(*) AS n FROM ledger_transactions t WHERE ${where}`, values }
      : { text: `SELECT count(*) AS n FROM (SELECT 1 FROM ledger_transactions t WHERE ${where} LIMIT $${values.length + 1}) bounded`, values: [...values, countBound + 1] };
  return { page: { text: page, values: [...values, search.offset, search.limit] }, count };
}

/**
 * A short name (no trigram) is rare, for this user, when fewer than SHORT_NAME_RARE of their
 * SHORT_NAME_PROBE newest live rows match the search (docs/architecture.md §4.9). Walking newest
 * first finds the matches a page and the count's bound need after about bound ÷ density rows
 * (25,000 at 4 %; the whole budget for a text that is nowhere), while ledger-030's index of letters
 * and letter pairs reads about density × the user's rows and sorts them (800 at 4 % of 20,000).
 * Below 4 % the index is the cheaper for any budget up to some 600,000 rows; above it, the walk.
 */
export const SHORT_NAME_PROBE = 500;
export const SHORT_NAME_RARE = 20;

/**
 * A search as one statement (docs/architecture.md §4.9): the matches are walked once, newest
 * first, up to the count's bound (or to the page's end, if that is further); the count is how many
 * that walk found, and the page is cut from them and joined to its full rows. Where the page and
 * the count were two statements, a text that matches little (a rare letter, a category, nothing)
 * walked the user's whole budget twice, once for each. Always one row at least: with no
 * transaction on the page its transaction columns are null and only `matched` counts.
 *
 * A name of 1–2 characters (no trigram) walks the user's SHORT_NAME_PROBE newest rows first
 * (index-only), marking the matches. If they are rare there, the matches come from ledger-030's
 * index of the name's letters and letter pairs (every pair of the text must be in the name, then
 * the text itself); if not, the walk goes on from the probe's last row, so a common text reads no
 * row twice. Both ways are in the statement and the probe's verdict is a one-time filter on each:
 * the way not taken is never started.
 */
export function searchStatement(
  search: TransactionSearch,
  userId: string,
  countBound: number = SEARCH_COUNT_BOUND,
  /**
   * 'walk': the benchmark's "before": a short name is walked, unprobed, as before ledger-030, and
   * a category's parts are filtered by their user, as before they were read from their index alone.
   */
  shortNames: 'probe' | 'walk' = 'probe',
): { text: string; values: unknown[] } {
  const conditions = searchConditions(search, userId, shortNames === 'walk');
  const { where, filters, values } = conditions;
  const shortName = shortNames === 'walk' ? null : conditions.shortName;
  const offset = values.length + 1;
  const limit = values.length + 2;
  const walk = values.length + 3;
  const probe = values.length + 4;
  const rare = values.length + 5;
  const newestFirst = 'ORDER BY t.date DESC, t.seq DESC';
  const matched =
    shortName === null
      ? `SELECT t.id, t.date, t.seq FROM ledger_transactions t WHERE ${where} ${newestFirst} LIMIT $${walk}`
      : `WITH probe AS MATERIALIZED (
           SELECT t.id, t.date, t.seq, coalesce(${filters}, false) AS hit FROM ledger_transactions t
            WHERE t.user_id = $1 AND NOT t.deleted ${newestFirst} LIMIT $${probe}),
         verdict AS MATERIALIZED (
           SELECT count(*) FILTER (WHERE hit) < $${rare}::int AND count(*) >= $${probe}::int AS rare,
                  greatest($${walk}::int - count(*) FILTER (WHERE hit), 0) AS rest FROM probe),
         last AS MATERIALIZED (SELECT p.date, p.seq FROM probe p ORDER BY p.date, p.seq LIMIT 1)
         (SELECT p.id, p.date, p.seq FROM probe p WHERE p.hit AND NOT (SELECT rare FROM verdict))
         UNION ALL
         (SELECT t.id, t.date, t.seq FROM ledger_transactions t
           WHERE ${where} AND (t.date, t.seq) < (SELECT date, seq FROM last) AND NOT (SELECT rare FROM verdict)
           ${newestFirst} LIMIT (SELECT rest FROM verdict))
         UNION ALL
         (SELECT t.id, t.date, t.seq FROM ledger_transactions t
           WHERE ${where} AND ledger_name_grams(t.name) @> ledger_text_grams($${shortName}) AND (SELECT rare FROM verdict)
           ${newestFirst} LIMIT $${walk})`;
  const text = `
    WITH matched AS MATERIALIZED (${matched})
    SELECT c.n AS matched, found.* FROM (SELECT count(*) AS n FROM matched) c
      LEFT JOIN LATERAL (
        SELECT ${TRANSACTION_SELECT}, m.date AS found_date, m.seq AS found_seq
          FROM (SELECT id, date, seq FROM matched ORDER BY date DESC, seq DESC OFFSET $${offset} LIMIT $${limit}) m
          JOIN ledger_transactions t ON t.id = m.id ${TRANSACTION_JOINS}) found ON true
     ORDER BY found.found_date DESC, found.found_seq DESC`;
  // One row past the bound tells "exactly the bound" from "more than the bound".
  const walked = Math.max(countBound + 1, search.offset + search.limit);
  const more = shortName === null ? [] : [SHORT_NAME_PROBE, SHORT_NAME_RARE];
  return { text, values: [...values, search.offset, search.limit, walked, ...more] };
}

/**
 * GET /transactions/search (server-behaviour §4.3): a page of full transactions and the count of
 * the matches — exact up to SEARCH_COUNT_BOUND; past it the bound, with `capped` true.
 */
export async function searchTransactions(pool: Pool, userId: string, search: TransactionSearch) {
  const { rows } = await pool.query<Partial<TransactionRowDb> & { matched: string }>(searchStatement(search, userId));
  const n = Number(rows[0]!.matched);
  const found = rows.filter((row): row is TransactionRowDb & { matched: string } => row.id !== null && row.id !== undefined);
  return { transactions: found.map((row) => toTransactionJson(row)), count: Math.min(n, SEARCH_COUNT_BOUND), capped: n > SEARCH_COUNT_BOUND };
}
