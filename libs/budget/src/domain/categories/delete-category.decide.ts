import { BUDGET_MESSAGES, BudgetHasChildren, BudgetRuleViolation, UnknownBudgetReference } from '../budget-error.js';
import type { CategoryDeleted, CategorySettingsChanged } from '../budget.events.js';
import type { BudgetState } from '../budget.state.js';
import { created, isSystemCategory, requireCategory, requireGroup } from '../tree-rules.js';
import { settingsEvent } from './change-category.decide.js';

export interface DeleteCategory {
  type: 'DeleteCategory';
  categoryId: string;
  groupId: string;
  /** Whether a live transaction has a non-zero split for it (looked up in the ledger's read model). */
  inUse: boolean;
}

/**
 * DELETE /groups/{groupId}/categories/{id}: refused for system categories and while transactions
 * use it (409 HAS_CHILDREN). Other categories drawing funding from it stop doing so, instead of
 * keeping a dangling reference.
 */
export function decideDeleteCategory(command: DeleteCategory, state: BudgetState): (CategoryDeleted | CategorySettingsChanged)[] {
  const budget = created(state);
  requireGroup(budget, command.groupId);
  const category = requireCategory(budget, command.categoryId);
  if (category.groupId !== command.groupId) throw new UnknownBudgetReference('Category');
  if (isSystemCategory(category)) throw new BudgetRuleViolation('id', BUDGET_MESSAGES.systemCategory, 'system');
  if (command.inUse) throw new BudgetHasChildren(BUDGET_MESSAGES.categoryHasChildren);

  const events: (CategoryDeleted | CategorySettingsChanged)[] = [{ type: 'CategoryDeleted', data: { categoryId: command.categoryId } }];
  for (const [id, other] of budget.categories) {
    const kept = other.settings.fundingCategories.filter((f) => f.categoryId !== command.categoryId);
    if (kept.length === other.settings.fundingCategories.length) continue;
    events.push(settingsEvent(id, { ...other, settings: { ...other.settings, fundingCategories: kept } }));
  }
  return events;
}
