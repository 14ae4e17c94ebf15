import { BUDGET_MESSAGES } from '../budget-error.js';
import type { CategoryAdded } from '../budget.events.js';
import type { BudgetState } from '../budget.state.js';
import { DEFAULT_CATEGORY_SETTINGS } from '../create-budget.decide.js';
import { created, requiredName, requireFundingCategories, requireUniqueCategoryName } from '../tree-rules.js';
import { mergeSettings, placementIn, type CategoryFields } from './category-fields.js';

export interface AddCategory {
  type: 'AddCategory';
  categoryId: string;
  /** The route's group. */
  groupId: string;
  fields: CategoryFields & { name: string };
  /** Today's date (from the injected clock), for the default goal date. */
  today: string;
}

/**
 * POST /groups/{groupId}/categories: a REGULAR, BILL or GOAL category with a name unique in its
 * group and funding categories of the user's own. Bills and goals use their goal by default.
 */
export function decideAddCategory(command: AddCategory, state: BudgetState): CategoryAdded[] {
  const budget = created(state);
  const place = placementIn(budget, command.groupId, command.fields.parentCategoryId);
  const name = requiredName(command.fields.name, BUDGET_MESSAGES.categoryName);
  requireUniqueCategoryName(budget, name, place.groupId, null);
  const type = command.fields.type ?? 'REGULAR';
  const defaults = { ...DEFAULT_CATEGORY_SETTINGS, useGoal: type !== 'REGULAR' };
  const settings = mergeSettings(defaults, type, command.fields, command.today);
  requireFundingCategories(budget, settings.fundingCategories, command.categoryId);
  return [{ type: 'CategoryAdded', data: { categoryId: command.categoryId, groupId: place.groupId, name, type, parentCategoryId: place.parentCategoryId, ...settings } }];
}
