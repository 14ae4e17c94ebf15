import type { BudgetEvent } from './budget.events.js';
import type { BudgetState } from './budget.state.js';
import { decideAddCategory, type AddCategory } from './categories/add-category.decide.js';
import { decideChangeCategory, type ChangeCategory } from './categories/change-category.decide.js';
import { decideDeleteCategory, type DeleteCategory } from './categories/delete-category.decide.js';
import { decideSetPlanItem, type SetPlanItem } from './categories/set-plan-item.decide.js';
import { decideCreateBudget, type CreateBudget } from './create-budget.decide.js';
import { decideAddGroup, type AddGroup } from './groups/add-group.decide.js';
import { decideChangeGroup, type ChangeGroup } from './groups/change-group.decide.js';
import { decideDeleteGroup, type DeleteGroup } from './groups/delete-group.decide.js';

/** Every command on a budget; each use case adds its own. */
export type BudgetCommand = CreateBudget | AddGroup | ChangeGroup | DeleteGroup | AddCategory | ChangeCategory | DeleteCategory | SetPlanItem;

export function decideBudget(command: BudgetCommand, state: BudgetState): BudgetEvent[] {
  switch (command.type) {
    case 'CreateBudget':
      return decideCreateBudget(command, state);
    case 'AddGroup':
      return decideAddGroup(command, state);
    case 'ChangeGroup':
      return decideChangeGroup(command, state);
    case 'DeleteGroup':
      return decideDeleteGroup(command, state);
    case 'AddCategory':
      return decideAddCategory(command, state);
    case 'ChangeCategory':
      return decideChangeCategory(command, state);
    case 'DeleteCategory':
      return decideDeleteCategory(command, state);
    case 'SetPlanItem':
      return decideSetPlanItem(command, state);
    default: {
      const _never: never = command;
      throw new Error(`Unknown budget command ${String((_never as { type: string }).type)}`);
    }
  }
}
