import type { GroupsTree } from '@budget/contracts';
import { centsFromDb, dollarsFromCents } from '@budget/money';
import type { Pool } from '@budget/platform';

/**
 * The ledger's own read of the category tree, for GET /categories without a date (the same answer
 * as GET /groups): groups and categories by SQL from the budget's read model (as the ledger's other
 * category reads do), balances from the ledger's. Not an import of the budget context.
 */
const GROUPS_SQL = `SELECT id, name, type, hidden, parent_group_id AS "parentGroupId"
                      FROM budget_groups WHERE user_id = $1 ORDER BY position`;

const CATEGORIES_SQL = `SELECT c.id, c.group_id AS "groupId", c.name, COALESCE(b.balance_cents, 0) AS "balanceCents", c.type, c.hidden,
              c.funding_amount_cents AS "fundingAmountCents", c.include_funding_transfers AS "includeFundingTransfers",
              c.use_goal AS "useGoal", to_char(c.goal_date, 'YYYY-MM-DD') AS "goalDate", c.recurrence,
              c.funding_categories AS "fundingCategories", c.suspended, c.parent_category_id AS "parentCategoryId"
         FROM budget_categories c LEFT JOIN ledger_category_balances b ON b.category_id = c.id
        WHERE c.user_id = $1 ORDER BY c.position`;

type Category = GroupsTree['categories'][number];
interface CategoryRow extends Omit<Category, 'balance' | 'fundingAmount'> {
  balanceCents: string;
  fundingAmountCents: string;
}

const dollars = (cents: string) => dollarsFromCents(centsFromDb(cents));

export async function categoryTree(pool: Pool, userId: string): Promise<GroupsTree> {
  const [groups, categories] = await Promise.all([
    pool.query<GroupsTree['groups'][number]>(GROUPS_SQL, [userId]),
    pool.query<CategoryRow>(CATEGORIES_SQL, [userId]),
  ]);
  return {
    groups: groups.rows,
    categories: categories.rows.map(({ balanceCents, fundingAmountCents, fundingCategories, ...row }) => ({
      ...row,
      balance: dollars(balanceCents),
      fundingAmount: dollars(fundingAmountCents),
      // Fixed amounts are stored in cents, percentages in basis points: both are hundredths on the wire.
      fundingCategories: fundingCategories.map((f) => ({ categoryId: f.categoryId, amount: dollarsFromCents(f.amount), percentage: f.percentage })),
    })),
  };
}
