import type { Db } from '../report-range.js';

export interface FundingHistoryDbRow {
  group_id: string;
  group_name: string;
  group_type: string;
  category_id: string;
  category_name: string;
  history: { year: number; month: number; cents: number }[] | null;
}

/**
 * Funding history (contracts reporting/reports.ts, `fundingHistoryReport`): every category but the
 * Funding Pool, with the net of its lines in live fundings (type 2) per month from `fromMonth` to
 * `toMonth` (first days of months, inclusive), from the monthly aggregate.
 */
export async function fundingHistorySql(db: Db, userId: string, fromMonth: string, toMonth: string): Promise<FundingHistoryDbRow[]> {
  const { rows } = await db.query<FundingHistoryDbRow>(
    `WITH h AS (
       SELECT category_id, month, sum(sum_cents) AS cents FROM reporting_category_months
        WHERE user_id = $1 AND type = 2 AND month >= $2::date AND month <= $3::date GROUP BY 1, 2)
     SELECT g.id AS group_id, g.name AS group_name, g.type AS group_type, c.id AS category_id, c.name AS category_name,
            (SELECT json_agg(json_build_object('year', extract(year FROM h.month)::int, 'month', extract(month FROM h.month)::int, 'cents', h.cents)
                             ORDER BY h.month)
               FROM h WHERE h.category_id = c.id) AS history
       FROM budget_categories c JOIN budget_groups g ON g.user_id = c.user_id AND g.id = c.group_id
      WHERE c.user_id = $1 AND c.type <> 'FUNDING POOL'
      ORDER BY g.name, c.name, c.id`,
    [userId, fromMonth, toMonth],
  );
  return rows;
}
