import type { Db } from '../report-range.js';

export interface BudgetProgressDbRow {
  date: string;
  cents: string;
  ids: string[];
}

/**
 * Budget progress (contracts reporting/reports.ts, `budgetProgressReport`): over the everyday
 * categories (regular or ungrouped groups; user categories other than Bills), the month's funding
 * lines, then per day with other rows (not fundings, rebalances or starting balances) the running
 * sum and that day's transaction ids. Lines as category balances count them: live, and without an
 * account or on a Transactions-tracked account from its start date. `from`/`to`: the month's first
 * day and the next month's.
 */
export async function budgetProgressSql(db: Db, userId: string, from: string, to: string): Promise<BudgetProgressDbRow[]> {
  const { rows } = await db.query<BudgetProgressDbRow>(
    `WITH cats AS (
       SELECT c.id FROM budget_categories c JOIN budget_groups g ON g.user_id = c.user_id AND g.id = c.group_id
        WHERE c.user_id = $1 AND g.type IN ('REGULAR', 'NO GROUP') AND c.type IN ('REGULAR', 'GOAL')),
     lines AS (
       SELECT s.transaction_id, s.date, s.type, s.amount_cents
         FROM reporting_split_facts s JOIN cats ON cats.id = s.category_id
         LEFT JOIN ledger_accounts a ON a.id = s.account_id AND a.user_id = $1
        WHERE s.user_id = $1 AND s.date >= $2::date AND s.date < $3::date
          AND (s.account_id IS NULL OR (a.tracking = 'Transactions' AND s.date >= a.start_date))),
     funded AS (SELECT COALESCE(sum(amount_cents), 0) AS cents FROM lines WHERE type = 2),
     days AS (
       SELECT date, sum(amount_cents) AS cents, array_agg(DISTINCT transaction_id ORDER BY transaction_id)::text[] AS ids
         FROM lines WHERE type NOT IN (2, 3, 4) GROUP BY date)
     SELECT to_char(d.date, 'YYYY-MM-DD') AS date, (f.cents + sum(d.cents) OVER (ORDER BY d.date))::text AS cents, d.ids
       FROM days d CROSS JOIN funded f ORDER BY d.date`,
    [userId, from, to],
  );
  return rows;
}
