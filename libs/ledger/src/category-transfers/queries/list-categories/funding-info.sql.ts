import { firstOfMonth, monthStartAfter } from '@budget/money';

/**
 * Per category of $1: the balance at the start of the month $2 and last month's ($3..$2) funding,
 * funded base amounts, other flows and rebalances, from the per-category monthly sums: a few rows
 * per category, whatever the month. Exported for the benchmark's raw-SQL baseline.
 */
export const FUNDING_INFO_SQL = `SELECT c.id, c.name,
              COALESCE(b.balance_cents, 0) - COALESCE(cur.amount, 0) AS balance,
              COALESCE(prev.funding, 0) AS funding, COALESCE(prev.base, 0) AS base,
              COALESCE(prev.spending, 0) AS spending, COALESCE(prev.rebalances, 0) AS rebalances
         FROM budget_categories c
         LEFT JOIN ledger_category_balances b ON b.category_id = c.id
         LEFT JOIN LATERAL (SELECT sum(m.amount_cents) AS amount FROM ledger_category_months m
                             WHERE m.category_id = c.id AND m.month >= $2::date) cur ON true
         LEFT JOIN LATERAL (
           SELECT sum(m.amount_cents) FILTER (WHERE m.type = 2) AS funding,
                  sum(m.base_cents) FILTER (WHERE m.type = 2) AS base,
                  sum(m.amount_cents) FILTER (WHERE m.type NOT IN (2, 3)) AS spending,
                  sum(m.amount_cents) FILTER (WHERE m.type = 3) AS rebalances
             FROM ledger_category_months m
            WHERE m.category_id = c.id AND m.month = $3::date) prev ON true
        WHERE c.user_id = $1 ORDER BY c.position`;

export const fundingInfoParams = (userId: string, date: string) => [userId, firstOfMonth(date), monthStartAfter(date, -1)];

export interface FundingInfoRow {
  id: string;
  name: string;
  balance: string;
  funding: string;
  base: string;
  spending: string;
  rebalances: string;
}
