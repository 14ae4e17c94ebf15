import { BUDGET_MESSAGES } from '../budget-error.js';
import type { GroupAdded } from '../budget.events.js';
import type { BudgetState } from '../budget.state.js';
import { created, requiredName, requireParentGroup, requireUniqueGroupName } from '../tree-rules.js';

export interface AddGroup {
  type: 'AddGroup';
  groupId: string;
  name: string;
  parentGroupId: string | null;
}

/** POST /groups: a REGULAR group at the top level or under one of the user's regular groups. */
export function decideAddGroup(command: AddGroup, state: BudgetState): GroupAdded[] {
  const budget = created(state);
  const name = requiredName(command.name, BUDGET_MESSAGES.groupName);
  requireParentGroup(budget, command.parentGroupId);
  requireUniqueGroupName(budget, name, command.parentGroupId, null);
  return [{ type: 'GroupAdded', data: { groupId: command.groupId, name, type: 'REGULAR', parentGroupId: command.parentGroupId } }];
}
