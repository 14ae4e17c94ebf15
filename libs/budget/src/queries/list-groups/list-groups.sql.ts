import type { Pool } from '@budget/platform';
import { centsFromDb, dollarsFromCents } from '@budget/money';
import type { CategoryType, FundingCategory, GroupType } from '../../domain/index.js';

export interface GroupView {
  id: string;
  name: string;
  type: GroupType;
  hidden: boolean;
  parentGroupId: string | null;
}

export interface CategoryView {
  id: string;
  groupId: string;
  name: string;
  /** Dollars with two decimals (the wire's shape); cents in the database. */
  balance: number;
  type: CategoryType;
  hidden: boolean;
  fundingAmount: number;
  includeFundingTransfers: boolean;
  useGoal: boolean;
  goalDate: string | null;
  recurrence: number;
  fundingCategories: FundingCategory[];
  suspended: boolean;
  /** The Funding Pool's id for one of its subcategories, otherwise null. */
  parentCategoryId: string | null;
}

export interface GroupsView {
  groups: GroupView[];
  categories: CategoryView[];
}

export interface CategoryRow extends Omit<CategoryView, 'balance' | 'fundingAmount'> {
  balanceCents: string;
  fundingAmountCents: string;
}

/** Fixed amounts are stored in cents, percentages in basis points: both are hundredths on the wire. */
export function fundingCategoryToWire(entry: FundingCategory): FundingCategory {
  return { categoryId: entry.categoryId, amount: dollarsFromCents(entry.amount), percentage: entry.percentage };
}

export const GROUP_COLUMNS = `id, name, type, hidden, parent_group_id AS "parentGroupId"`;
export const CATEGORY_COLUMNS = `id, group_id AS "groupId", name, balance_cents AS "balanceCents", type, hidden,
  funding_amount_cents AS "fundingAmountCents", include_funding_transfers AS "includeFundingTransfers",
  use_goal AS "useGoal", to_char(goal_date, 'YYYY-MM-DD') AS "goalDate", recurrence,
  funding_categories AS "fundingCategories", suspended, parent_category_id AS "parentCategoryId"`;

export function categoryToView({ balanceCents, fundingAmountCents, fundingCategories, ...row }: CategoryRow): CategoryView {
  return {
    ...row,
    balance: dollarsFromCents(centsFromDb(balanceCents)),
    fundingAmount: dollarsFromCents(centsFromDb(fundingAmountCents)),
    fundingCategories: fundingCategories.map(fundingCategoryToWire),
  };
}

/** Every group and category of one user's budget (server-behaviour §4.4 GET /groups). */
export async function listGroups(pool: Pool, userId: string): Promise<GroupsView> {
  const [groups, categories] = await Promise.all([
    pool.query<GroupView>(`SELECT ${GROUP_COLUMNS} FROM budget_groups WHERE user_id = $1 ORDER BY position`, [userId]),
    pool.query<CategoryRow>(`SELECT ${CATEGORY_COLUMNS} FROM budget_categories WHERE user_id = $1 ORDER BY position`, [userId]),
  ]);
  return { groups: groups.rows, categories: categories.rows.map(categoryToView) };
}

/** One group of the user's, or null. */
export async function findGroup(pool: Pool, userId: string, groupId: string): Promise<GroupView | null> {
  const { rows } = await pool.query<GroupView>(`SELECT ${GROUP_COLUMNS} FROM budget_groups WHERE user_id = $1 AND id = $2`, [userId, groupId]);
  return rows[0] ?? null;
}

/** One category of the user's with every field of GET /groups, or null. */
export async function findCategory(pool: Pool, userId: string, categoryId: string): Promise<CategoryView | null> {
  const { rows } = await pool.query<CategoryRow>(`SELECT ${CATEGORY_COLUMNS} FROM budget_categories WHERE user_id = $1 AND id = $2`, [userId, categoryId]);
  return rows[0] ? categoryToView(rows[0]) : null;
}
