import { BudgetAlreadyExists } from './budget-error.js';
import type { BudgetEvent, CategorySettings } from './budget.events.js';
import type { BudgetState } from './budget.state.js';
import { DEFAULT_BUDGET } from './default-budget.js';

/** A source of fresh ids (the injected id generator). */
export interface IdSource {
  next(): string;
}

export interface CreateBudget {
  type: 'CreateBudget';
  userId: string;
  ids: IdSource;
}

/** The database defaults of a new category (server-behaviour §2.2, §4.4). */
export const DEFAULT_CATEGORY_SETTINGS: Readonly<CategorySettings> = {
  fundingAmount: 0,
  includeFundingTransfers: true,
  useGoal: false,
  goalDate: null,
  recurrence: 1,
  fundingCategories: [],
  suspended: false,
};

/** Creates the default budget of a new user (server-behaviour §2.3). */
export function decideCreateBudget(command: CreateBudget, state: BudgetState): BudgetEvent[] {
  if (state.status !== 'none') throw new BudgetAlreadyExists(command.userId);
  const events: BudgetEvent[] = [{ type: 'BudgetCreated', data: { userId: command.userId } }];
  for (const group of DEFAULT_BUDGET) {
    const groupId = command.ids.next();
    events.push({ type: 'GroupAdded', data: { groupId, name: group.name, type: group.type, parentGroupId: null } });
    for (const category of group.categories) {
      events.push({
        type: 'CategoryAdded',
        data: { categoryId: command.ids.next(), groupId, name: category.name, type: category.type, ...DEFAULT_CATEGORY_SETTINGS, fundingCategories: [] },
      });
    }
  }
  return events;
}
