import { BUDGET_MESSAGES, BudgetHasChildren, BudgetRuleViolation } from '../budget-error.js';
import type { GroupDeleted } from '../budget.events.js';
import type { BudgetState } from '../budget.state.js';
import { created, requireGroup } from '../tree-rules.js';

export interface DeleteGroup {
  type: 'DeleteGroup';
  groupId: string;
}

/** DELETE /groups/{id}: only an empty regular group goes — no categories and no sub-groups. */
export function decideDeleteGroup(command: DeleteGroup, state: BudgetState): GroupDeleted[] {
  const budget = created(state);
  const group = requireGroup(budget, command.groupId);
  if (group.type !== 'REGULAR') throw new BudgetRuleViolation('id', BUDGET_MESSAGES.systemGroup, 'system');
  const holdsCategory = [...budget.categories.values()].some((c) => c.groupId === command.groupId);
  const holdsGroup = [...budget.groups.values()].some((g) => g.parentGroupId === command.groupId);
  if (holdsCategory || holdsGroup) throw new BudgetHasChildren(BUDGET_MESSAGES.groupHasChildren);
  return [{ type: 'GroupDeleted', data: { groupId: command.groupId } }];
}
