import type { CategoryView, GroupView } from '@budget/contracts';
import { centsFromDb, dollarsFromCents } from '@budget/money';
import type { Pool } from '@budget/platform';
import type { FundingCategory } from '../../domain/index.js';

/** A category as the budget's read model holds it: everything GET /groups shows but the balance (the ledger's). */
export type BudgetCategory = Omit<CategoryView, 'balance'>;

export interface BudgetTree {
  groups: GroupView[];
  categories: BudgetCategory[];
}

interface CategoryRow extends Omit<BudgetCategory, 'fundingAmount'> {
  fundingAmountCents: string;
}

/** Fixed amounts are stored in cents, percentages in basis points: both are hundredths on the wire. */
export function fundingCategoryToWire(entry: FundingCategory): FundingCategory {
  return { categoryId: entry.categoryId, amount: dollarsFromCents(entry.amount), percentage: entry.percentage };
}

const GROUP_COLUMNS = `id, name, type, hidden, parent_group_id AS "parentGroupId"`;
const CATEGORY_COLUMNS = `id, group_id AS "groupId", name, type, hidden,
  funding_amount_cents AS "fundingAmountCents", include_funding_transfers AS "includeFundingTransfers",
  use_goal AS "useGoal", to_char(goal_date, 'YYYY-MM-DD') AS "goalDate", recurrence,
  funding_categories AS "fundingCategories", suspended, parent_category_id AS "parentCategoryId"`;

function categoryFromRow({ fundingAmountCents, fundingCategories, ...row }: CategoryRow): BudgetCategory {
  return { ...row, fundingAmount: dollarsFromCents(centsFromDb(fundingAmountCents)), fundingCategories: fundingCategories.map(fundingCategoryToWire) };
}

/** Every group and category of one user's budget, in creation order (server-behaviour §4.4 GET /groups). */
export async function readTree(pool: Pool, userId: string): Promise<BudgetTree> {
  const [groups, categories] = await Promise.all([
    pool.query<GroupView>(`SELECT ${GROUP_COLUMNS} FROM budget_groups WHERE user_id = $1 ORDER BY position`, [userId]),
    pool.query<CategoryRow>(`SELECT ${CATEGORY_COLUMNS} FROM budget_categories WHERE user_id = $1 ORDER BY position`, [userId]),
  ]);
  return { groups: groups.rows, categories: categories.rows.map(categoryFromRow) };
}

/** One group of the user's, or null. */
export async function readGroup(pool: Pool, userId: string, groupId: string): Promise<GroupView | null> {
  const { rows } = await pool.query<GroupView>(`SELECT ${GROUP_COLUMNS} FROM budget_groups WHERE user_id = $1 AND id = $2`, [userId, groupId]);
  return rows[0] ?? null;
}

/** One category of the user's, or null. */
export async function readCategory(pool: Pool, userId: string, categoryId: string): Promise<BudgetCategory | null> {
  const { rows } = await pool.query<CategoryRow>(`SELECT ${CATEGORY_COLUMNS} FROM budget_categories WHERE user_id = $1 AND id = $2`, [userId, categoryId]);
  return rows[0] ? categoryFromRow(rows[0]) : null;
}
