import { dollarsFromCents, formatCents, proposeGoalFunding, stillToFund, type Cents } from '@budget/money';
import { fundingCategoryToWire } from '../list-groups/list-groups.sql.js';
import type { PlanCategory } from '../plan-categories.sql.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthYear = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** What the month asks of a category before any funding, and why when a goal changed its plan. */
function dueFor(category: PlanCategory, monthStart: Cents, month: string): { due: Cents; adjusted: boolean; adjustedReason: string | null } {
  // A suspended category is asked for nothing, goal or not (libs/budget/README.md).
  if (category.suspended) return { due: 0, adjusted: false, adjustedReason: null };
  if (!category.useGoal) return { due: category.fundingAmount, adjusted: false, adjustedReason: null };
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
  return { due: goal.amount, adjusted: goal.adjusted, adjustedReason };
}

/**
 * One row of GET /funding-plans/proposed (rule 18): what the month asks of the category (`due`: a
 * suspended category nothing; a goal the shared goal formula of libs/money, from `monthStart`, its
 * balance at the start of the month being funded; any other category its funding amount), less
 * what the fundings already dated in that month gave it (`funded`), never negative. A goal's due
 * comes from the month-start balance, so this month's fundings are subtracted once, never twice.
 */
export function proposeFor(category: PlanCategory, monthStart: Cents, funded: Cents, month: string) {
  const { due, adjusted, adjustedReason } = dueFor(category, monthStart, month);
  return {
    categoryId: category.id,
    amount: dollarsFromCents(stillToFund(due, funded)),
    due: dollarsFromCents(due),
    funded: dollarsFromCents(funded),
    adjusted,
    adjustedReason,
    fundingCategories: category.fundingCategories.map(fundingCategoryToWire),
    includeFundingTransfers: category.includeFundingTransfers,
  };
}
