import { centsFromDb, type Cents } from '@budget/money';
import type { Pool } from '@budget/platform';
import type { FundingCategory } from '../domain/index.js';

/** What the funding plans need to know of a category (from the budget's read model). */
export interface PlanCategory {
  id: string;
  fundingAmount: Cents;
  includeFundingTransfers: boolean;
  useGoal: boolean;
  goalDate: string | null;
  recurrence: number;
  fundingCategories: FundingCategory[];
  suspended: boolean;
}

/** The user's non-system categories with their funding settings, in creation order. */
export const PLAN_CATEGORIES_SQL = `
  SELECT c.id, c.funding_amount_cents AS "fundingAmount", c.include_funding_transfers AS "includeFundingTransfers",
         c.use_goal AS "useGoal", to_char(c.goal_date, 'YYYY-MM-DD') AS "goalDate", c.recurrence,
         c.funding_categories AS "fundingCategories", c.suspended
    FROM budget_categories c
   WHERE c.user_id = $1 AND c.type NOT IN ('UNASSIGNED', 'FUNDING POOL', 'ACCOUNT TRANSFER')
   ORDER BY c.position`;

/** The plan items of GET /funding-plans and GET /funding-plans/proposed. */
export async function planCategories(pool: Pool, userId: string): Promise<PlanCategory[]> {
  const { rows } = await pool.query<Omit<PlanCategory, 'fundingAmount'> & { fundingAmount: string }>(PLAN_CATEGORIES_SQL, [userId]);
  return rows.map((r) => ({ ...r, fundingAmount: centsFromDb(r.fundingAmount) }));
}
