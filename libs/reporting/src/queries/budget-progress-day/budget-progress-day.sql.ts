import type { Db } from '../report-range.js';
import { EVERYDAY_CTES } from '../budget-progress/everyday.js';

/**
 * One day's lines in the everyday categories, other than fundings, rebalances and starting
 * balances, on accounts that count that day: their transactions, distinct, in uuid order — the
 * ids `budgetProgressSql` answers for the day, from the same covering index (a day is a short
 * index-only range).
 */
const DAY_SQL = `
  WITH ${EVERYDAY_CTES}
  SELECT DISTINCT s.transaction_id
    FROM reporting_split_facts s
    JOIN cats ON cats.id = s.category_id
    LEFT JOIN accts a ON a.id = s.account_id
   WHERE s.user_id = $1 AND s.date = $2::date AND s.type NOT IN (2, 3, 4)
     AND (s.account_id IS NULL OR (a.id IS NOT NULL AND s.date >= a.start_date))
   ORDER BY s.transaction_id`;

/** The ids of one budget-progress day (contracts reporting/reports.ts, `budgetProgressDay`; docs/architecture.md §4.7). */
export async function budgetProgressDaySql(db: Db, userId: string, date: string): Promise<string[]> {
  const { rows } = await db.query<{ transaction_id: string }>(DAY_SQL, [userId, date]);
  return rows.map((r) => r.transaction_id);
}
