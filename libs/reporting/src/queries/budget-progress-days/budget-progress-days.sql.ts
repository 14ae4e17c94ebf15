import type { Db } from '../report-range.js';
import { EVERYDAY_CTES, NO_ACCOUNT, progressLeft, type ProgressDaySums } from '../budget-progress/everyday.js';

interface DayRow extends ProgressDaySums {
  date: string;
  /** The day's transactions with other lines in the everyday categories. */
  count: number;
}

/**
 * The month's days from the per-day sums (`reporting_progress_days`, `reporting_progress_sets`,
 * migration reporting-005; each read is an index-only range of its primary key, user and date
 * first): per day, the fundings and other lines of the everyday categories on accounts that count
 * that day, and how many non-funding rows of such an account have at least one everyday category
 * (`&&`: their set of categories meets the everyday ones). A day's count is never above 0 without a
 * sums row: a counted row has a line in an everyday category. Rows as `budgetProgressSql` reads
 * them: the same `EVERYDAY_CTES`, the same account rule, the zero uuid standing for no account.
 */
const DAYS_SQL = `
  WITH ${EVERYDAY_CTES},
  sums AS (
    SELECT d.date, sum(d.funded_cents) AS funded, sum(d.other_cents) AS cents
      FROM reporting_progress_days d
      JOIN cats ON cats.id = d.category_id
      LEFT JOIN accts a ON a.id = d.account_id
     WHERE d.user_id = $1 AND d.date >= $2::date AND d.date < $3::date
       AND (d.account_id = $4::uuid OR (a.id IS NOT NULL AND d.date >= a.start_date))
     GROUP BY d.date),
  counts AS (
    SELECT s.date, sum(s.row_count) AS n
      FROM reporting_progress_sets s
      LEFT JOIN accts a ON a.id = s.account_id
     WHERE s.user_id = $1 AND s.date >= $2::date AND s.date < $3::date
       AND (s.account_id = $4::uuid OR (a.id IS NOT NULL AND s.date >= a.start_date))
       AND string_to_array(s.categories, ',') && ARRAY(SELECT id FROM cats)
     GROUP BY s.date)
  SELECT to_char(s.date, 'YYYY-MM-DD') AS date, s.funded::text AS funded, s.cents::text AS cents, coalesce(c.n, 0)::int AS count
    FROM sums s LEFT JOIN counts c ON c.date = s.date
   ORDER BY s.date`;

export interface BudgetProgressDaysDb {
  /** The month's fundings into the everyday categories, in cents. */
  funded: string;
  /** Each day with rows other than fundings: what is left after it (cents) and how many rows it had. */
  days: { date: string; cents: string; count: number }[];
}

/**
 * Budget progress without ids (contracts reporting/reports.ts, `budgetProgressDays`;
 * docs/architecture.md §4.7): the days and running sums `budgetProgressSql` gives, each day's
 * count of ids instead of the ids. `from`/`to`: the month's first day and the next month's.
 */
export async function budgetProgressDaysSql(db: Db, userId: string, from: string, to: string): Promise<BudgetProgressDaysDb> {
  const { rows } = await db.query<DayRow>(DAYS_SQL, [userId, from, to, NO_ACCOUNT]);
  const { funded, days } = progressLeft(rows, (r) => r.count > 0);
  return { funded: funded.toString(), days: days.map(({ row, left }) => ({ date: row.date, cents: left.toString(), count: row.count })) };
}
