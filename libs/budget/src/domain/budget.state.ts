import type { BudgetEvent, CategorySettings, CategoryType, GroupType } from './budget.events.js';

export interface GroupState {
  name: string;
  type: GroupType;
  parentGroupId: string | null;
  hidden: boolean;
}
export interface CategoryState {
  groupId: string;
  name: string;
  type: CategoryType;
  parentCategoryId: string | null;
  hidden: boolean;
  settings: CategorySettings;
}

/** What decisions about a budget need to know: whether it exists, and its tree. */
export type BudgetState =
  | { status: 'none' }
  | { status: 'created'; userId: string; groups: ReadonlyMap<string, GroupState>; categories: ReadonlyMap<string, CategoryState> };
export type CreatedBudget = Extract<BudgetState, { status: 'created' }>;

export const initialBudgetState: BudgetState = { status: 'none' };

function withGroup(state: CreatedBudget, groupId: string, change: (group: GroupState) => GroupState | null): CreatedBudget {
  const group = state.groups.get(groupId);
  if (!group) return state;
  const groups = new Map(state.groups);
  const next = change(group);
  if (next) groups.set(groupId, next);
  else groups.delete(groupId);
  return { ...state, groups };
}

function withCategory(state: CreatedBudget, categoryId: string, change: (category: CategoryState) => CategoryState | null): CreatedBudget {
  const category = state.categories.get(categoryId);
  if (!category) return state;
  const categories = new Map(state.categories);
  const next = change(category);
  if (next) categories.set(categoryId, next);
  else categories.delete(categoryId);
  return { ...state, categories };
}

function evolveCreated(state: CreatedBudget, event: Exclude<BudgetEvent, { type: 'BudgetCreated' }>): CreatedBudget {
  switch (event.type) {
    case 'GroupAdded': {
      const { groupId, name, type, parentGroupId } = event.data;
      return { ...state, groups: new Map(state.groups).set(groupId, { name, type, parentGroupId, hidden: false }) };
    }
    case 'GroupRenamed':
      return withGroup(state, event.data.groupId, (g) => ({ ...g, name: event.data.name }));
    case 'GroupMoved':
      return withGroup(state, event.data.groupId, (g) => ({ ...g, parentGroupId: event.data.parentGroupId }));
    case 'GroupHiddenChanged':
      return withGroup(state, event.data.groupId, (g) => ({ ...g, hidden: event.data.hidden }));
    case 'GroupDeleted':
      return withGroup(state, event.data.groupId, () => null);
    case 'CategoryAdded': {
      const { categoryId, groupId, name, type, parentCategoryId, ...settings } = event.data;
      const category: CategoryState = { groupId, name, type, parentCategoryId: parentCategoryId ?? null, hidden: false, settings };
      return { ...state, categories: new Map(state.categories).set(categoryId, category) };
    }
    case 'CategoryRenamed':
      return withCategory(state, event.data.categoryId, (c) => ({ ...c, name: event.data.name }));
    case 'CategoryMoved':
      return withCategory(state, event.data.categoryId, (c) => ({ ...c, groupId: event.data.groupId, parentCategoryId: event.data.parentCategoryId }));
    case 'CategorySettingsChanged': {
      const { categoryId: _id, type, hidden, ...settings } = event.data;
      return withCategory(state, event.data.categoryId, (c) => ({ ...c, type, hidden, settings }));
    }
    case 'CategoryDeleted':
      return withCategory(state, event.data.categoryId, () => null);
    default: {
      const _never: never = event;
      return state;
    }
  }
}

export function evolveBudget(state: BudgetState, event: BudgetEvent): BudgetState {
  if (event.type === 'BudgetCreated') return { status: 'created', userId: event.data.userId, groups: new Map(), categories: new Map() };
  return state.status === 'created' ? evolveCreated(state, event) : state;
}

export function foldBudget(events: readonly BudgetEvent[]): BudgetState {
  return events.reduce(evolveBudget, initialBudgetState);
}
