import type { RuleCategory, RuleConditions, RuleFields, RulesEvent } from './rule.events.js';
import { RULE_MESSAGES, RuleInputError, RuleNotFound } from './rules-error.js';

/** 100 % in basis points. */
export const FULL_PERCENT = 10_000;

export interface Rule extends RuleFields {
  id: string;
}

/** A user's rules by id. */
export type RulesState = ReadonlyMap<string, Rule>;

export function evolveRules(state: RulesState, event: RulesEvent): RulesState {
  const next = new Map(state);
  switch (event.type) {
    case 'AutoAssignmentAdded':
    case 'AutoAssignmentChanged': {
      const { ruleId, ...fields } = event.data;
      next.set(ruleId, { id: ruleId, ...fields });
      return next;
    }
    case 'AutoAssignmentDeleted':
      next.delete(event.data.ruleId);
      return next;
    case 'AutoAssignmentApplied':
    case 'AutoAssignmentApplicationUndone':
      return state;
    default: {
      const _never: never = event;
      return _never;
    }
  }
}

export const foldRules = (events: readonly RulesEvent[]): RulesState => events.reduce(evolveRules, new Map() as RulesState);

/** The rule's fields as the client gave them; `categories` absent or empty means Unassigned 100 %. */
export interface RuleDraft {
  name: string;
  searchStrings: string[];
  categories?: RuleCategory[] | undefined;
  nameMatch?: 'contains' | 'equals' | undefined;
  /** Cents, signed, inclusive; null or absent: no bound. */
  amountMin?: number | null | undefined;
  amountMax?: number | null | undefined;
  accountIds?: string[] | undefined;
}

export type RulesCommand =
  | { type: 'AddAutoAssignment'; ruleId: string; fields: RuleDraft }
  | { type: 'ChangeAutoAssignment'; ruleId: string; fields: RuleDraft }
  | { type: 'DeleteAutoAssignment'; ruleId: string };

/** What the decider needs to know of the budget: the user's categories and which is Unassigned. */
export interface RulesContext {
  categoryExists(categoryId: string): boolean;
  unassignedCategoryId: string;
  /** Whether an account is the user's (only asked when the draft names accounts). */
  accountExists?(accountId: string): boolean;
}

/**
 * A draft's conditions as stored (docs/architecture.md §4.5): only those set; accounts without
 * repeats, each the user's (422 on `accountIds.<n>`); a lowest amount above the highest is a 422
 * on `amount`. `equals` is kept only with search strings to compare.
 */
export function ruleConditions(draft: RuleDraft, searchStrings: readonly string[], context: RulesContext): RuleConditions {
  const conditions: RuleConditions = {};
  if (draft.nameMatch === 'equals' && searchStrings.length > 0) conditions.nameMatch = 'equals';
  const min = draft.amountMin ?? null;
  const max = draft.amountMax ?? null;
  for (const [field, bound] of [['amount.min', min], ['amount.max', max]] as const) {
    if (bound !== null && !Number.isSafeInteger(bound)) throw new RuleInputError(field, 'The amount must be a number with at most two decimals.');
  }
  if (min !== null && max !== null && min > max) throw new RuleInputError('amount', 'The lowest amount must not be above the highest.');
  if (min !== null) conditions.amountMin = min;
  if (max !== null) conditions.amountMax = max;
  const accounts = [...new Set(draft.accountIds ?? [])];
  accounts.forEach((accountId, index) => {
    if (!context.accountExists?.(accountId)) throw new RuleInputError(`accountIds.${index}`, 'The account was not found.', 'not_found');
  });
  if (accounts.length > 0) conditions.accountIds = accounts;
  return conditions;
}

/** Only the conditions of a rule's stored fields (those set), e.g. for a read model's column. */
export function ruleConditionsOf(c: RuleConditions): RuleConditions {
  return {
    ...(c.nameMatch === 'equals' && { nameMatch: 'equals' as const }),
    ...(c.amountMin !== undefined && { amountMin: c.amountMin }),
    ...(c.amountMax !== undefined && { amountMax: c.amountMax }),
    ...(c.accountIds && c.accountIds.length > 0 && { accountIds: c.accountIds }),
  };
}

/** Whether a rule has a condition besides its search strings (then it needs none). */
export const hasOtherConditions = (c: RuleConditions) => c.amountMin !== undefined || c.amountMax !== undefined || (c.accountIds?.length ?? 0) > 0;

/**
 * The rule's fields as stored: trimmed strings without blanks or repeats (case-insensitive), at
 * least one; rows of the user's own categories (422 on the row otherwise); percentages at most
 * 100 % together; no rows → Unassigned 100 % (product-spec §5).
 */
export function ruleFields(draft: RuleDraft, context: RulesContext): RuleFields {
  const seen = new Set<string>();
  const searchStrings = draft.searchStrings
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase()));
  const conditions = ruleConditions(draft, searchStrings, context);
  if (searchStrings.length === 0 && !hasOtherConditions(conditions)) throw new RuleInputError('searchStrings', 'At least one search string must be provided.');
  const name = draft.name.trim();
  if (name.length === 0) throw new RuleInputError('name', 'A name must be provided.');
  const rows = draft.categories && draft.categories.length > 0 ? draft.categories : [{ categoryId: context.unassignedCategoryId, amount: FULL_PERCENT, percentage: true }];
  rows.forEach((row, index) => {
    if (!context.categoryExists(row.categoryId)) throw new RuleInputError(`categories.${index}.categoryId`, RULE_MESSAGES.category, 'not_found');
    if (!Number.isSafeInteger(row.amount) || row.amount < 0) throw new RuleInputError(`categories.${index}.amount`, 'The amount must not be negative.');
  });
  const percent = rows.filter((r) => r.percentage).reduce((sum, r) => sum + r.amount, 0);
  if (percent > FULL_PERCENT) throw new RuleInputError('categories', RULE_MESSAGES.percentages);
  return { name, searchStrings, categories: rows.map(({ categoryId, amount, percentage }) => ({ categoryId, amount, percentage })), ...conditions };
}

/** A rule's fields as one string, keys in one order (stored events may come back with theirs reordered). */
const canonical = (f: RuleFields) =>
  JSON.stringify([
    f.name, f.searchStrings, f.categories.map((c) => [c.categoryId, c.amount, c.percentage]),
    f.nameMatch ?? null, f.amountMin ?? null, f.amountMax ?? null, f.accountIds ?? [],
  ]);

/** Decides a command on a user's rules; a rule that is not there is `RuleNotFound` (404). */
export function decideRules(command: RulesCommand, state: RulesState, context: RulesContext): RulesEvent[] {
  switch (command.type) {
    case 'AddAutoAssignment':
      if (state.has(command.ruleId)) return [];
      return [{ type: 'AutoAssignmentAdded', data: { ruleId: command.ruleId, ...ruleFields(command.fields, context) } }];
    case 'ChangeAutoAssignment': {
      const rule = state.get(command.ruleId);
      if (!rule) throw new RuleNotFound();
      const fields = ruleFields(command.fields, context);
      if (canonical(fields) === canonical(rule)) return [];
      return [{ type: 'AutoAssignmentChanged', data: { ruleId: command.ruleId, ...fields } }];
    }
    case 'DeleteAutoAssignment':
      if (!state.has(command.ruleId)) throw new RuleNotFound();
      return [{ type: 'AutoAssignmentDeleted', data: { ruleId: command.ruleId } }];
    default: {
      const _never: never = command;
      return _never;
    }
  }
}

/** Rules in the order the list shows them and the matcher breaks ties: by lower-cased name, then id. */
export function sortRules<R extends { id: string; name: string }>(rules: Iterable<R>): R[] {
  return [...rules].sort((a, b) => {
    const x = a.name.toLowerCase();
    const y = b.name.toLowerCase();
    return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}
