import { defaultGoalDate, type Cents } from '@budget/money';
import { BUDGET_MESSAGES, BudgetRuleViolation } from '../budget-error.js';
import type { CategorySettings, CategoryType, FundingCategory, UserCategoryType } from '../budget.events.js';
import type { CreatedBudget } from '../budget.state.js';
import { requireCategory, requireGroup } from '../tree-rules.js';

/** The fields a user sets on a category (POST and PATCH bodies, already type-checked). */
export interface CategoryFields {
  name?: string;
  type?: UserCategoryType;
  fundingAmount?: Cents;
  includeFundingTransfers?: boolean;
  useGoal?: boolean;
  goalDate?: string | null;
  recurrence?: number;
  fundingCategories?: FundingCategory[];
  suspended?: boolean;
  hidden?: boolean;
  parentCategoryId?: string | null;
}

/** Where a category sits: its group, and the Funding Pool when it is one of the pool's subcategories. */
export interface Placement {
  groupId: string;
  parentCategoryId: string | null;
}

/**
 * The place a category takes in the route's group. A regular or No Group group holds plain
 * categories; the System group holds the Funding Pool's subcategories (their parent is the pool).
 */
export function placementIn(budget: CreatedBudget, groupId: string, parentCategoryId: string | null | undefined): Placement {
  const group = requireGroup(budget, groupId);
  if (parentCategoryId) requireCategory(budget, parentCategoryId);
  const pool = [...budget.categories].find(([, c]) => c.type === 'FUNDING POOL');
  if (group.type === 'SYSTEM') {
    if (!pool || pool[1].groupId !== groupId || (parentCategoryId !== undefined && parentCategoryId !== pool[0])) {
      throw new BudgetRuleViolation('parentCategoryId', BUDGET_MESSAGES.poolSubcategory, 'invalid');
    }
    return { groupId, parentCategoryId: pool[0] };
  }
  if (parentCategoryId) throw new BudgetRuleViolation('parentCategoryId', BUDGET_MESSAGES.poolSubcategory, 'invalid');
  return { groupId, parentCategoryId: null };
}

/**
 * The settings after applying `fields` to `previous`: a BILL never passes funding transfers on,
 * and a category that uses a goal without a goal date gets the next due date from its recurrence.
 */
export function mergeSettings(previous: CategorySettings, type: CategoryType, fields: CategoryFields, today: string): CategorySettings {
  const recurrence = fields.recurrence ?? previous.recurrence;
  const useGoal = fields.useGoal ?? previous.useGoal;
  const goalDate = fields.goalDate !== undefined ? fields.goalDate : previous.goalDate;
  return {
    fundingAmount: fields.fundingAmount ?? previous.fundingAmount,
    includeFundingTransfers: type === 'BILL' ? false : (fields.includeFundingTransfers ?? previous.includeFundingTransfers),
    useGoal,
    goalDate: useGoal && goalDate === null ? defaultGoalDate(today, recurrence) : goalDate,
    recurrence,
    fundingCategories: fields.fundingCategories ?? previous.fundingCategories,
    suspended: fields.suspended ?? previous.suspended,
  };
}
