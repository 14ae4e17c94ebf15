import { BUDGET_MESSAGES, BudgetRuleViolation, UnknownBudgetReference } from './budget-error.js';
import { SYSTEM_CATEGORY_TYPES, type FundingCategory } from './budget.events.js';
import type { BudgetState, CategoryState, CreatedBudget, GroupState } from './budget.state.js';

/** The budget a change applies to; a user without one has no groups or categories to name. */
export function created(state: BudgetState): CreatedBudget {
  if (state.status !== 'created') throw new UnknownBudgetReference('Group');
  return state;
}

export function requireGroup(state: CreatedBudget, groupId: string): GroupState {
  const group = state.groups.get(groupId);
  if (!group) throw new UnknownBudgetReference('Group');
  return group;
}

export function requireCategory(state: CreatedBudget, categoryId: string): CategoryState {
  const category = state.categories.get(categoryId);
  if (!category) throw new UnknownBudgetReference('Category');
  return category;
}

export const isSystemCategory = (category: CategoryState) => SYSTEM_CATEGORY_TYPES.includes(category.type);

/** A name with its surrounding blanks removed; blank names are refused with `message`. */
export function requiredName(name: string, message: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new BudgetRuleViolation('name', message, 'required');
  return trimmed;
}

const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

const taken = () => new BudgetRuleViolation('name', BUDGET_MESSAGES.nameTaken, 'database.unique');

/** Group names are unique among the groups of one parent (the top level is one parent), ignoring case. */
export function requireUniqueGroupName(state: CreatedBudget, name: string, parentGroupId: string | null, self: string | null): void {
  for (const [id, group] of state.groups) {
    if (id !== self && group.parentGroupId === parentGroupId && sameName(group.name, name)) throw taken();
  }
}

/** Category names are unique within their group, ignoring case. */
export function requireUniqueCategoryName(state: CreatedBudget, name: string, groupId: string, self: string | null): void {
  for (const [id, category] of state.categories) {
    if (id !== self && category.groupId === groupId && sameName(category.name, name)) throw taken();
  }
}

/** Whether `groupId` is `ancestorId` or lies anywhere below it. */
export function isWithin(state: CreatedBudget, groupId: string, ancestorId: string): boolean {
  const seen = new Set<string>();
  for (let current: string | null = groupId; current !== null && !seen.has(current); current = state.groups.get(current)?.parentGroupId ?? null) {
    if (current === ancestorId) return true;
    seen.add(current);
  }
  return false;
}

/**
 * The parent a group goes under: the No Group group's id means the top level (null), as null does
 * — the spec's client creates a top-level group that way. Any other id is kept as given.
 */
export function parentOrTopLevel(state: CreatedBudget, parentGroupId: string | null): string | null {
  if (parentGroupId === null) return null;
  return state.groups.get(parentGroupId)?.type === 'NO GROUP' ? null : parentGroupId;
}

/** A parent group is null (top level) or one of the user's REGULAR groups. */
export function requireParentGroup(state: CreatedBudget, parentGroupId: string | null): void {
  if (parentGroupId === null) return;
  const parent = requireGroup(state, parentGroupId);
  if (parent.type !== 'REGULAR') throw new BudgetRuleViolation('parentGroupId', BUDGET_MESSAGES.parentNotRegular, 'invalid');
}

/** Every funding category is one of the user's, not the category itself, and the percentages fit in 100 %. */
export function requireFundingCategories(state: CreatedBudget, entries: readonly FundingCategory[], self: string): void {
  for (const entry of entries) {
    requireCategory(state, entry.categoryId);
    if (entry.categoryId === self) throw new BudgetRuleViolation('fundingCategories', BUDGET_MESSAGES.fundsItself, 'invalid');
  }
  const percent = entries.filter((e) => e.percentage).reduce((sum, e) => sum + e.amount, 0);
  if (percent > 10_000) throw new BudgetRuleViolation('fundingCategories', BUDGET_MESSAGES.percentages, 'max');
}
