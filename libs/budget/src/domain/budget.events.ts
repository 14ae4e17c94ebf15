import type { Cents } from '@budget/money';

/** Group types (server-behaviour §2.1); BILLS is a later era and is not produced. */
export type GroupType = 'SYSTEM' | 'NO GROUP' | 'REGULAR';
/** Category types (server-behaviour §2.1); the first three are the system categories. */
export type CategoryType = 'UNASSIGNED' | 'FUNDING POOL' | 'ACCOUNT TRANSFER' | 'REGULAR' | 'BILL' | 'GOAL';

/** One funding source of a category: a share of the funded amount, or a fixed amount in cents. */
export interface FundingCategory {
  categoryId: string;
  /** Basis points (1/100 of a percent: 33.33 % is 3333) when `percentage`, otherwise cents. */
  amount: number;
  percentage: boolean;
}

/** The system categories: created with the budget, never renamed, moved, retyped or deleted. */
export const SYSTEM_CATEGORY_TYPES: readonly CategoryType[] = ['UNASSIGNED', 'FUNDING POOL', 'ACCOUNT TRANSFER'];
/** The types a user gives a category (product-spec §9). */
export const USER_CATEGORY_TYPES = ['REGULAR', 'BILL', 'GOAL'] as const;
export type UserCategoryType = (typeof USER_CATEGORY_TYPES)[number];

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
export interface GroupRenamed {
  type: 'GroupRenamed';
  data: { groupId: string; name: string };
}
export interface GroupMoved {
  type: 'GroupMoved';
  data: { groupId: string; parentGroupId: string | null };
}
export interface GroupHiddenChanged {
  type: 'GroupHiddenChanged';
  data: { groupId: string; hidden: boolean };
}
export interface GroupDeleted {
  type: 'GroupDeleted';
  data: { groupId: string };
}
export interface CategoryAdded {
  type: 'CategoryAdded';
  data: {
    categoryId: string;
    groupId: string;
    name: string;
    type: CategoryType;
    /** The Funding Pool's id for one of its subcategories; absent (older events) or null otherwise. */
    parentCategoryId?: string | null;
  } & CategorySettings;
}
export interface CategoryRenamed {
  type: 'CategoryRenamed';
  data: { categoryId: string; name: string };
}
export interface CategoryMoved {
  type: 'CategoryMoved';
  data: { categoryId: string; groupId: string; parentCategoryId: string | null };
}
/** The category's type, visibility and funding settings after the change, all of them. */
export interface CategorySettingsChanged {
  type: 'CategorySettingsChanged';
  data: { categoryId: string; type: CategoryType; hidden: boolean } & CategorySettings;
}
export interface CategoryDeleted {
  type: 'CategoryDeleted';
  data: { categoryId: string };
}

/** Everything that happens to a budget's structure, in its stream `budget-<userId>`. */
export type BudgetEvent =
  | BudgetCreated
  | GroupAdded
  | GroupRenamed
  | GroupMoved
  | GroupHiddenChanged
  | GroupDeleted
  | CategoryAdded
  | CategoryRenamed
  | CategoryMoved
  | CategorySettingsChanged
  | CategoryDeleted;
export type BudgetEventType = BudgetEvent['type'];

const BUDGET_EVENT_TYPES: Record<BudgetEventType, true> = {
  BudgetCreated: true,
  GroupAdded: true,
  GroupRenamed: true,
  GroupMoved: true,
  GroupHiddenChanged: true,
  GroupDeleted: true,
  CategoryAdded: true,
  CategoryRenamed: true,
  CategoryMoved: true,
  CategorySettingsChanged: true,
  CategoryDeleted: true,
};

export function isBudgetEvent(event: { type: string }): event is BudgetEvent {
  return Object.hasOwn(BUDGET_EVENT_TYPES, event.type);
}

const STREAM_PREFIX = 'budget-';

/** The stream of one user's budget (docs/architecture.md §3). */
export function budgetStream(userId: string): string {
  return `${STREAM_PREFIX}${userId}`;
}

export function isBudgetStream(streamId: string): boolean {
  return streamId.startsWith(STREAM_PREFIX);
}
