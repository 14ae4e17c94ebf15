import type { EdgeRange, Db } from '../report-range.js';

export interface CategoryRow {
  group_name: string;
  category_name: string;
  cents: string;
  count: string;
}

/**
 * Category (contracts reporting/reports.ts, `categoryReport`): per category, the sum and count of
 * its lines in live bank and manual rows (pending included) of Transactions-tracked accounts,
 * dated in the range and on or after the account's start date. Whole months after the account's
 * start month from the monthly aggregate; the edge days and the start month from the line facts.
 * `categoryIds` null: every category with a line.
 */
export async function categorySql(db: Db, userId: string, range: EdgeRange, categoryIds: string[] | null): Promise<CategoryRow[]> {
  const { rows } = await db.query<CategoryRow>(
    `WITH accts AS (
       SELECT id, start_date, (date_trunc('month', start_date::timestamp) + interval '1 month')::date AS after_start_month
         FROM ledger_accounts WHERE user_id = $1 AND tracking = 'Transactions'),
     lines AS (
       SELECT m.category_id, m.sum_cents AS cents, m.row_count AS n
         FROM reporting_category_months m JOIN accts a ON a.id = m.account_id
        WHERE m.user_id = $1 AND m.type IN (0, 5) AND m.month >= $4::date AND m.month < $5::date AND m.month >= a.after_start_month
          AND ($6::text[] IS NULL OR m.category_id = ANY($6::text[]))
       UNION ALL
       -- The edge days (before the first whole month, after the last) and, inside the whole months,
       -- each account's start month: index ranges of the lines (OFFSET 0 keeps each one a range scan).
       SELECT s.category_id, s.amount_cents, 1
         FROM (SELECT NULL::uuid AS account_id, $2::date AS from_day, $4::date AS to_day
               UNION ALL SELECT NULL, $5::date, 'infinity'::date
               UNION ALL SELECT id, GREATEST(start_date, $4::date), LEAST(after_start_month, $5::date) FROM accts) e
        CROSS JOIN LATERAL (
          SELECT s.category_id, s.amount_cents FROM reporting_split_facts s JOIN accts a ON a.id = s.account_id
           WHERE s.user_id = $1 AND s.date >= e.from_day AND s.date < e.to_day AND s.date >= $2::date AND s.date <= $3::date
             AND s.type IN (0, 5) AND s.date >= a.start_date AND (e.account_id IS NULL OR s.account_id = e.account_id)
             AND ($6::text[] IS NULL OR s.category_id = ANY($6::text[]))
          OFFSET 0) s),
     -- Summed per category before the names are joined: a few dozen rows to join and sort, not every line.
     sums AS (SELECT category_id, sum(cents) AS cents, sum(n) AS n FROM lines GROUP BY category_id)
     SELECT g.name AS group_name, c.name AS category_name, l.cents::text AS cents, l.n::text AS count
       FROM sums l JOIN budget_categories c ON c.user_id = $1 AND c.id = l.category_id
       JOIN budget_groups g ON g.user_id = $1 AND g.id = c.group_id
      ORDER BY g.name, c.name, c.id`,
    [userId, range.lo, range.hi, range.fullLo, range.fullHi, categoryIds],
  );
  return rows;
}
