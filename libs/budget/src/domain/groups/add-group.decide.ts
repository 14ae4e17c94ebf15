import { BUDGET_MESSAGES } from '../budget-error.js';
import type { GroupAdded } from '../budget.events.js';
import type { BudgetState } from '../budget.state.js';
import { created, parentOrTopLevel, requiredName, requireParentGroup, requireUniqueGroupName } from '../tree-rules.js';

export interface AddGroup {
  type: 'AddGroup';
  groupId: string;
  name: string;
  /** Null, or the No Group group's id, for the top level. */
  parentGroupId: string | null;
}

/** POST /groups: a REGULAR group at the top level or under one of the user's regular groups. */
export function decideAddGroup(command: AddGroup, state: BudgetState): GroupAdded[] {
  const budget = created(state);
  const name = requiredName(command.name, BUDGET_MESSAGES.groupName);
  const parentGroupId = parentOrTopLevel(budget, command.parentGroupId);
  requireParentGroup(budget, parentGroupId);
  requireUniqueGroupName(budget, name, parentGroupId, null);
  return [{ type: 'GroupAdded', data: { groupId: command.groupId, name, type: 'REGULAR', parentGroupId } }];
}
