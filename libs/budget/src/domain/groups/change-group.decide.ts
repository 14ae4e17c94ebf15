import { BUDGET_MESSAGES, BudgetRuleViolation } from '../budget-error.js';
import type { GroupHiddenChanged, GroupMoved, GroupRenamed } from '../budget.events.js';
import type { BudgetState } from '../budget.state.js';
import { created, isWithin, parentOrTopLevel, requiredName, requireGroup, requireParentGroup, requireUniqueGroupName } from '../tree-rules.js';

export interface ChangeGroup {
  type: 'ChangeGroup';
  groupId: string;
  /** Each field left out keeps its value (a missing parent no longer means "top level"). */
  name?: string;
  /** Null, or the No Group group's id, for the top level. */
  parentGroupId?: string | null;
  hidden?: boolean;
}

/**
 * PATCH /groups/{id}: rename, move, hide. Only regular groups are renamed or moved; the name stays
 * unique among the siblings at the group's (new) place, and a group never lands inside itself.
 */
export function decideChangeGroup(command: ChangeGroup, state: BudgetState): (GroupRenamed | GroupMoved | GroupHiddenChanged)[] {
  const budget = created(state);
  const group = requireGroup(budget, command.groupId);
  const name = command.name === undefined ? group.name : requiredName(command.name, BUDGET_MESSAGES.groupName);
  const parentGroupId = command.parentGroupId === undefined ? group.parentGroupId : parentOrTopLevel(budget, command.parentGroupId);
  const renamed = name !== group.name;
  const moved = parentGroupId !== group.parentGroupId;
  if ((renamed || moved) && group.type !== 'REGULAR') {
    throw new BudgetRuleViolation(renamed ? 'name' : 'parentGroupId', BUDGET_MESSAGES.systemGroup, 'system');
  }
  if (moved) {
    requireParentGroup(budget, parentGroupId);
    if (parentGroupId !== null && isWithin(budget, parentGroupId, command.groupId)) {
      throw new BudgetRuleViolation('parentGroupId', BUDGET_MESSAGES.groupCycle, 'cycle');
    }
  }
  if (renamed || moved) requireUniqueGroupName(budget, name, parentGroupId, command.groupId);

  const events: (GroupRenamed | GroupMoved | GroupHiddenChanged)[] = [];
  const { groupId } = command;
  if (renamed) events.push({ type: 'GroupRenamed', data: { groupId, name } });
  if (moved) events.push({ type: 'GroupMoved', data: { groupId, parentGroupId } });
  if (command.hidden !== undefined && command.hidden !== group.hidden) events.push({ type: 'GroupHiddenChanged', data: { groupId, hidden: command.hidden } });
  return events;
}
