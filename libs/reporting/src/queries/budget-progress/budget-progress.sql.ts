import type { Db } from '../report-range.js';
import { EVERYDAY_CTES, progressLeft, type ProgressDaySums } from './everyday.js';

export interface BudgetProgressDbRow {
  date: string;
  /** What is left after the day: the month's funding plus the running sum of the days so far. */
  cents: string;
  ids: string[];
}

interface DayRow extends ProgressDaySums {
  date: string;
  /**
   * Their transactions, distinct and in uuid order (DISTINCT on the uuids: a byte compare, a
   * third of the time of sorting their text), comma-separated — one string a day, not an array
   * of thousands for the driver to parse.
   */
  ids: string | null;
}

/**
 * The month's lines in the everyday categories (`EVERYDAY_CTES`), one row a day, in ONE pass over
 * the lines' covering index (`reporting_split_facts_progress`, migration reporting-004: user, date,
 * and every column read here, transaction id included, so the month is an index-only range scan):
 * the day's fundings (type 2; null when none), its other lines' sum (not fundings, rebalances or
 * starting balances; null when none) and their transactions' ids. Lines as category balances count
 * them: live, and without an account or on a Transactions-tracked account from its start date.
 */
const DAYS_SQL = `
  WITH ${EVERYDAY_CTES}
  SELECT to_char(s.date, 'YYYY-MM-DD') AS date,
         (sum(s.amount_cents) FILTER (WHERE s.type = 2))::text AS funded,
         (sum(s.amount_cents) FILTER (WHERE s.type NOT IN (2, 3, 4)))::text AS cents,
         array_to_string(array_agg(DISTINCT s.transaction_id) FILTER (WHERE s.type NOT IN (2, 3, 4)), ',') AS ids
    FROM reporting_split_facts s
    JOIN cats ON cats.id = s.category_id
    LEFT JOIN accts a ON a.id = s.account_id
   WHERE s.user_id = $1 AND s.date >= $2::date AND s.date < $3::date
     AND (s.account_id IS NULL OR (a.id IS NOT NULL AND s.date >= a.start_date))
   GROUP BY s.date
   ORDER BY s.date`;

/**
 * Budget progress (contracts reporting/reports.ts, `budgetProgressReport`): over the everyday
 * categories, the month's funding, then per day with other rows (not fundings, rebalances or
 * starting balances) the running sum and that day's transaction ids, ascending
 * (docs/architecture.md §4.7). `from`/`to`: the month's first day and the next month's. Money
 * stays in integer cents (BigInt) until the handler turns the answer into dollars.
 */
export async function budgetProgressSql(db: Db, userId: string, from: string, to: string): Promise<BudgetProgressDbRow[]> {
  const { rows } = await db.query<DayRow>(DAYS_SQL, [userId, from, to]);
  return progressLeft(rows, (r) => r.ids !== null).days.map(({ row, left }) => ({ date: row.date, cents: left.toString(), ids: row.ids!.split(',') }));
}
