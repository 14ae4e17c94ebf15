import { BUDGET_MESSAGES, BudgetRuleViolation } from '../budget-error.js';
import type { CategoryMoved, CategoryRenamed, CategorySettingsChanged } from '../budget.events.js';
import type { BudgetState, CategoryState } from '../budget.state.js';
import { created, isSystemCategory, requireCategory, requiredName, requireFundingCategories, requireGroup, requireUniqueCategoryName } from '../tree-rules.js';
import { mergeSettings, placementIn, type CategoryFields, type Placement } from './category-fields.js';

export interface ChangeCategory {
  type: 'ChangeCategory';
  categoryId: string;
  /** The route's group: the category moves there (server-behaviour §4.4). */
  groupId: string;
  fields: CategoryFields;
  today: string;
}

type CategoryChange = CategoryRenamed | CategoryMoved | CategorySettingsChanged;

export function settingsEvent(categoryId: string, category: Pick<CategoryState, 'type' | 'hidden' | 'settings'>): CategorySettingsChanged {
  return { type: 'CategorySettingsChanged', data: { categoryId, type: category.type, hidden: category.hidden, ...category.settings } };
}

function placeOf(command: ChangeCategory, category: CategoryState, state: Parameters<typeof placementIn>[0]): Placement {
  if (!isSystemCategory(category)) return placementIn(state, command.groupId, command.fields.parentCategoryId);
  requireGroup(state, command.groupId);
  return { groupId: command.groupId, parentCategoryId: category.parentCategoryId };
}

/**
 * PATCH /groups/{groupId}/categories/{id}: rename, move into the route's group, retype, change
 * funding settings. System categories keep their name, place and type.
 */
export function decideChangeCategory(command: ChangeCategory, state: BudgetState): CategoryChange[] {
  const budget = created(state);
  const category = requireCategory(budget, command.categoryId);
  const place = placeOf(command, category, budget);
  const name = command.fields.name === undefined ? category.name : requiredName(command.fields.name, BUDGET_MESSAGES.categoryName);
  const type = command.fields.type ?? category.type;
  const renamed = name !== category.name;
  const moved = place.groupId !== category.groupId || place.parentCategoryId !== category.parentCategoryId;
  if (isSystemCategory(category) && (renamed || moved || type !== category.type)) {
    throw new BudgetRuleViolation(renamed ? 'name' : moved ? 'groupId' : 'type', BUDGET_MESSAGES.systemCategory, 'system');
  }
  if (renamed || moved) requireUniqueCategoryName(budget, name, place.groupId, command.categoryId);
  const settings = mergeSettings(category.settings, type, command.fields, command.today);
  requireFundingCategories(budget, settings.fundingCategories, command.categoryId);

  const events: CategoryChange[] = [];
  const { categoryId } = command;
  if (renamed) events.push({ type: 'CategoryRenamed', data: { categoryId, name } });
  if (moved) events.push({ type: 'CategoryMoved', data: { categoryId, ...place } });
  const before = settingsEvent(categoryId, category);
  const after = settingsEvent(categoryId, { type, hidden: command.fields.hidden ?? category.hidden, settings });
  if (JSON.stringify(before) !== JSON.stringify(after)) events.push(after);
  return events;
}
