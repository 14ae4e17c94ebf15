import { adjacentMonths, type BudgetMonthView, type CategoryMonthCents, type MonthGroupView } from '@budget/contracts';
import { dollarsFromCents, type Cents } from '@budget/money';
import type { BudgetTree } from '../list-groups/list-groups.sql.js';

const ZERO: Omit<CategoryMonthCents, 'categoryId'> = { fundedCents: 0, activityCents: 0, endBalanceCents: 0 };

/**
 * The month view from the budget's tree and the ledger's figures for the month (cents until the
 * wire): each group with its own categories in tree order and their sums; Ready to fund is the
 * Funding Pool's balance at the month's end, income its activity in the month, and funded what
 * fundings and category transfers moved into every other category (a funding moves money out of
 * the pool into categories, so this is what left the pool, less what came back). Pure, so the
 * sums can be tested apart from the database.
 */
export function buildBudgetMonth(month: string, tree: BudgetTree, figures: readonly CategoryMonthCents[]): BudgetMonthView {
  const byCategory = new Map(figures.map((f) => [f.categoryId, f]));
  const pool = tree.categories.find((c) => c.type === 'FUNDING POOL');
  const poolFigures = (pool && byCategory.get(pool.id)) ?? ZERO;
  let funded: Cents = 0;
  let overspentCount = 0;
  const groups: MonthGroupView[] = tree.groups.map((group) => {
    const sums = { funded: 0, activity: 0, available: 0, overspent: 0 };
    const categories = tree.categories
      .filter((c) => c.groupId === group.id)
      .map((category) => {
        const f = byCategory.get(category.id) ?? ZERO;
        const overspent = f.endBalanceCents < 0;
        sums.funded += f.fundedCents;
        sums.activity += f.activityCents;
        sums.available += f.endBalanceCents;
        if (overspent) sums.overspent += 1;
        if (category.type !== 'FUNDING POOL') funded += f.fundedCents;
        return {
          id: category.id,
          name: category.name,
          type: category.type,
          hidden: category.hidden,
          parentCategoryId: category.parentCategoryId,
          funded: dollarsFromCents(f.fundedCents),
          activity: dollarsFromCents(f.activityCents),
          available: dollarsFromCents(f.endBalanceCents),
          overspent,
        };
      });
    overspentCount += sums.overspent;
    return {
      id: group.id,
      name: group.name,
      type: group.type,
      hidden: group.hidden,
      parentGroupId: group.parentGroupId,
      funded: dollarsFromCents(sums.funded),
      activity: dollarsFromCents(sums.activity),
      available: dollarsFromCents(sums.available),
      overspentCount: sums.overspent,
      categories,
    };
  });
  return {
    month,
    ...adjacentMonths(month),
    readyToFund: dollarsFromCents(poolFigures.endBalanceCents),
    income: dollarsFromCents(poolFigures.activityCents),
    funded: dollarsFromCents(funded),
    overspentCount,
    groups,
  };
}
