import type { Pool } from '@budget/platform';
import { centsFromDb, centsToDollars } from '@budget/money';
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
}

export interface GroupsView {
  groups: GroupView[];
  categories: CategoryView[];
}

interface CategoryRow extends Omit<CategoryView, 'balance' | 'fundingAmount'> {
  balanceCents: string;
  fundingAmountCents: string;
}

/** Fixed funding amounts are stored in cents; percentages as they are. */
function fundingCategoryToWire(entry: FundingCategory): FundingCategory {
  return entry.percentage ? entry : { ...entry, amount: centsToDollars(entry.amount) };
}

/** Every group and category of one user's budget (server-behaviour §4.4 GET /groups). */
export async function listGroups(pool: Pool, userId: string): Promise<GroupsView> {
  const [groups, categories] = await Promise.all([
    pool.query<GroupView>(
      `SELECT id, name, type, hidden, parent_group_id AS "parentGroupId"
         FROM budget_groups WHERE user_id = $1 ORDER BY position`,
      [userId],
    ),
    pool.query<CategoryRow>(
      `SELECT id, group_id AS "groupId", name, balance_cents AS "balanceCents", type, hidden,
              funding_amount_cents AS "fundingAmountCents", include_funding_transfers AS "includeFundingTransfers",
              use_goal AS "useGoal", to_char(goal_date, 'YYYY-MM-DD') AS "goalDate", recurrence,
              funding_categories AS "fundingCategories", suspended
         FROM budget_categories WHERE user_id = $1 ORDER BY position`,
      [userId],
    ),
  ]);
  return {
    groups: groups.rows,
    categories: categories.rows.map(({ balanceCents, fundingAmountCents, fundingCategories, ...row }) => ({
      ...row,
      balance: centsToDollars(centsFromDb(balanceCents)),
      fundingAmount: centsToDollars(centsFromDb(fundingAmountCents)),
      fundingCategories: fundingCategories.map(fundingCategoryToWire),
    })),
  };
}
