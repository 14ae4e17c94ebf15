import type { Cents } from '@budget/money';

/** Group types (server-behaviour §2.1); BILLS is a later era and is not produced. */
export type GroupType = 'SYSTEM' | 'NO GROUP' | 'REGULAR';
/** Category types (server-behaviour §2.1); the first three are the system categories. */
export type CategoryType = 'UNASSIGNED' | 'FUNDING POOL' | 'ACCOUNT TRANSFER' | 'REGULAR' | 'BILL' | 'GOAL';

/** One funding source of a category: a percent of the funded amount, or a fixed amount in cents. */
export interface FundingCategory {
  categoryId: string;
  /** Percent when `percentage` is true, otherwise cents. */
  amount: number;
  percentage: boolean;
}

/** The settings a category carries besides its place, name and type (product-spec §3). */
export interface CategorySettings {
  fundingAmount: Cents;
  includeFundingTransfers: boolean;
  useGoal: boolean;
  /** `YYYY-MM-DD` or null. */
  goalDate: string | null;
  /** Months, a whole number of at least 1. */
  recurrence: number;
  fundingCategories: FundingCategory[];
  suspended: boolean;
}

export interface BudgetCreated {
  type: 'BudgetCreated';
  data: { userId: string };
}
export interface GroupAdded {
  type: 'GroupAdded';
  data: { groupId: string; name: string; type: GroupType; parentGroupId: string | null };
}
export interface CategoryAdded {
  type: 'CategoryAdded';
  data: { categoryId: string; groupId: string; name: string; type: CategoryType } & CategorySettings;
}

/** Everything that happens to a budget's structure, in its stream `budget-<userId>`. */
export type BudgetEvent = BudgetCreated | GroupAdded | CategoryAdded;
export type BudgetEventType = BudgetEvent['type'];

const BUDGET_EVENT_TYPES: Record<BudgetEventType, true> = { BudgetCreated: true, GroupAdded: true, CategoryAdded: true };

export function isBudgetEvent(event: { type: string }): event is BudgetEvent {
  return Object.hasOwn(BUDGET_EVENT_TYPES, event.type);
}

const STREAM_PREFIX = 'budget-';

/** The stream of one user's budget (DESIGN.md §3). */
export function budgetStream(userId: string): string {
  return `${STREAM_PREFIX}${userId}`;
}

export function isBudgetStream(streamId: string): boolean {
  return streamId.startsWith(STREAM_PREFIX);
}
