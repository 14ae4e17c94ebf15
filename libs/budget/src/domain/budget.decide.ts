import type { BudgetEvent } from './budget.events.js';
import type { BudgetState } from './budget.state.js';
import { decideCreateBudget, type CreateBudget } from './create-budget.decide.js';

/** Every command on a budget; each use case adds its own. */
export type BudgetCommand = CreateBudget;

export function decideBudget(command: BudgetCommand, state: BudgetState): BudgetEvent[] {
  switch (command.type) {
    case 'CreateBudget':
      return decideCreateBudget(command, state);
    default: {
      const _never: never = command.type;
      throw new Error(`Unknown budget command ${String(_never)}`);
    }
  }
}
