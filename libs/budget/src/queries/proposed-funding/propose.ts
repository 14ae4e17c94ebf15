import { dollarsFromCents, formatCents, proposeGoalFunding, type Cents } from '@budget/money';
import { fundingCategoryToWire } from '../list-groups/list-groups.sql.js';
import type { PlanCategory } from '../plan-categories.sql.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthYear = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/**
 * One row of GET /funding-plans/proposed (rule 18): a suspended category gets nothing; a goal gets
 * the shared goal formula of libs/money, from `monthStart`, its balance at the start of the month
 * being funded; any other category its funding amount.
 */
export function proposeFor(category: PlanCategory, monthStart: Cents, month: string) {
  const common = {
    categoryId: category.id,
    fundingCategories: category.fundingCategories.map(fundingCategoryToWire),
    includeFundingTransfers: category.includeFundingTransfers,
  };
  if (category.suspended) return { ...common, amount: 0, adjusted: false, adjustedReason: null };
  if (!category.useGoal) return { ...common, amount: dollarsFromCents(category.fundingAmount), adjusted: false, adjustedReason: null };
  const goal = proposeGoalFunding({
    target: category.fundingAmount,
    balanceAtMonthStart: monthStart,
    goalDate: category.goalDate,
    recurrence: category.recurrence,
    month,
  });
  const adjustedReason = goal.adjusted
    ? `The planned amount of ${formatCents(goal.planned)} was changed to ${formatCents(goal.amount)} to reach the goal of ` +
      `${formatCents(category.fundingAmount)} due in ${monthYear(goal.dueMonth)}.`
    : null;
  return { ...common, amount: dollarsFromCents(goal.amount), adjusted: goal.adjusted, adjustedReason };
}
