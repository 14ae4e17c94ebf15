import type { BudgetEvent, CategoryType, GroupType } from './budget.events.js';

export interface GroupState {
  name: string;
  type: GroupType;
  parentGroupId: string | null;
}
export interface CategoryState {
  groupId: string;
  name: string;
  type: CategoryType;
}

/** What decisions about a budget need to know: whether it exists, and its tree. */
export type BudgetState =
  | { status: 'none' }
  | { status: 'created'; userId: string; groups: ReadonlyMap<string, GroupState>; categories: ReadonlyMap<string, CategoryState> };

export const initialBudgetState: BudgetState = { status: 'none' };

export function evolveBudget(state: BudgetState, event: BudgetEvent): BudgetState {
  switch (event.type) {
    case 'BudgetCreated':
      return { status: 'created', userId: event.data.userId, groups: new Map(), categories: new Map() };
    case 'GroupAdded': {
      if (state.status !== 'created') return state;
      const { groupId, name, type, parentGroupId } = event.data;
      return { ...state, groups: new Map(state.groups).set(groupId, { name, type, parentGroupId }) };
    }
    case 'CategoryAdded': {
      if (state.status !== 'created') return state;
      const { categoryId, groupId, name, type } = event.data;
      return { ...state, categories: new Map(state.categories).set(categoryId, { groupId, name, type }) };
    }
    default: {
      const _never: never = event;
      return state;
    }
  }
}

export function foldBudget(events: readonly BudgetEvent[]): BudgetState {
  return events.reduce(evolveBudget, initialBudgetState);
}
