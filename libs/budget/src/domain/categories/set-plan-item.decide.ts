import type { Cents } from '@budget/money';
import { BUDGET_MESSAGES, BudgetRuleViolation } from '../budget-error.js';
import type { CategorySettingsChanged } from '../budget.events.js';
import type { BudgetState } from '../budget.state.js';
import { created, isSystemCategory, requireCategory } from '../tree-rules.js';
import { settingsEvent } from './change-category.decide.js';
import { mergeSettings } from './category-fields.js';

export interface SetPlanItem {
  type: 'SetPlanItem';
  categoryId: string;
  fundingAmount: Cents;
  useGoal: boolean;
  goalDate: string | null;
  recurrence: number;
  today: string;
}

/** PUT /funding-plans/item/{categoryId}: the plan lives on the category; it never creates one. */
export function decideSetPlanItem(command: SetPlanItem, state: BudgetState): CategorySettingsChanged[] {
  const budget = created(state);
  const category = requireCategory(budget, command.categoryId);
  if (isSystemCategory(category)) throw new BudgetRuleViolation('categoryId', BUDGET_MESSAGES.systemPlan, 'system');
  const { fundingAmount, useGoal, goalDate, recurrence } = command;
  const settings = mergeSettings(category.settings, category.type, { fundingAmount, useGoal, goalDate, recurrence }, command.today);
  const before = settingsEvent(command.categoryId, category);
  const after = settingsEvent(command.categoryId, { ...category, settings });
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [after];
}
