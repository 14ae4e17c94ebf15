import { centsFromDb, type Cents } from '@budget/money';
import type { Pool } from '@budget/platform';

export interface BillCategory {
  id: string;
  name: string;
  fundingAmount: Cents;
  goalDate: string | null;
  recurrence: number;
  suspended: boolean;
}

/** The user's BILL categories (from the budget's read model). */
export async function billCategories(pool: Pool, userId: string): Promise<BillCategory[]> {
  const { rows } = await pool.query<Omit<BillCategory, 'fundingAmount'> & { fundingAmount: string }>(
    `SELECT c.id, c.name, c.funding_amount_cents AS "fundingAmount", to_char(c.goal_date, 'YYYY-MM-DD') AS "goalDate",
            c.recurrence, c.suspended
       FROM budget_categories c WHERE c.user_id = $1 AND c.type = 'BILL'`,
    [userId],
  );
  return rows.map((r) => ({ ...r, fundingAmount: centsFromDb(r.fundingAmount) }));
}
