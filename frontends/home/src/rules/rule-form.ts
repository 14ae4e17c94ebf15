import type { AutoAssignmentBody } from '@budget/contracts';
import { dollarsFromCents, type Cents } from '@budget/money';
import { fundingRowsError, fundingRowsFromWire, fundingRowsToWire, wireCents, type FundingRow, type Id } from '@budget/web';
import type { Rule } from './rule-data.js';

/** Which amounts a rule takes (docs/architecture.md §4.5): any, exactly one, or a range (both ends included). */
export type AmountCondition = 'any' | 'equals' | 'range';

/**
 * The rule dialog's fields: the name, the search strings (one text box each) and how they match
 * the name, the amount and account conditions, and the category rows. Amounts are signed cents
 * (money out is negative).
 */
export interface RuleForm {
  name: string;
  searchStrings: string[];
  nameMatch: 'contains' | 'equals';
  amountCondition: AmountCondition;
  amountMin: Cents;
  amountMax: Cents;
  accountIds: Id[];
  rows: FundingRow[];
}

export const RULE_FIELDS = ['name', 'searchStrings', 'categories', 'nameMatch', 'amount', 'accountIds'] as const;
export type RuleField = (typeof RULE_FIELDS)[number];

export const RULE_MESSAGES = {
  name: 'A name must be provided.',
  searchStrings: 'At least one search string must be provided.',
  amount: 'The lowest amount must not be above the highest.',
} as const;

const NO_CONDITIONS = { nameMatch: 'contains', amountCondition: 'any', amountMin: 0, amountMax: 0, accountIds: [] } as const satisfies Partial<RuleForm>;

/** A new rule: one empty search string, Unassigned at 100 percent (product-spec §5). */
export function newRuleForm(unassignedId: Id | null): RuleForm {
  return { name: '', searchStrings: [''], ...NO_CONDITIONS, accountIds: [], rows: fundingRowsFromWire([{ categoryId: unassignedId, amount: 100, percentage: true }], unassignedId) };
}

/**
 * "Make a rule from this one": the transaction's name as the rule's name and its one search string
 * (trimmed; runs of spaces are one, as banks pad names), Unassigned at 100 percent until the user picks.
 */
export function ruleFormFromName(name: string, unassignedId: Id | null, prefill: { equals?: boolean; categoryId?: Id | null } = {}): RuleForm {
  const text = name.trim().replace(/\s+/g, ' ');
  const form = { ...newRuleForm(unassignedId), name: text, searchStrings: [text] };
  // "Make a rule?" (docs/architecture.md §4.4): the name equals the payee, its category at 100 percent.
  if (prefill.equals) form.nameMatch = 'equals';
  if (prefill.categoryId) form.rows = fundingRowsFromWire([{ categoryId: prefill.categoryId, amount: 100, percentage: true }], unassignedId);
  return form;
}

export function ruleFormFrom(rule: Omit<Rule, 'applications'>, unassignedId: Id | null): RuleForm {
  return {
    name: rule.name,
    searchStrings: rule.searchStrings.length > 0 ? [...rule.searchStrings] : [''],
    nameMatch: rule.nameMatch === 'equals' ? 'equals' : 'contains',
    amountCondition: !rule.amount ? 'any' : rule.amount.min !== null && rule.amount.min === rule.amount.max ? 'equals' : 'range',
    amountMin: rule.amount?.min != null ? wireCents(rule.amount.min) : 0,
    amountMax: rule.amount?.max != null ? wireCents(rule.amount.max) : 0,
    accountIds: [...(rule.accountIds ?? [])],
    rows: rule.categories.length > 0 ? fundingRowsFromWire(rule.categories, unassignedId) : newRuleForm(unassignedId).rows,
  };
}

/** What is wrong with the form, per field (empty when it may be sent). */
export function validateRule(form: RuleForm): Partial<Record<RuleField, string>> {
  const errors: Partial<Record<RuleField, string>> = {};
  if (form.name.trim() === '') errors.name = RULE_MESSAGES.name;
  // An amount or account condition is enough on its own (docs/architecture.md §4.5).
  const conditioned = form.amountCondition !== 'any' || form.accountIds.length > 0;
  if (!conditioned && !form.searchStrings.some((s) => s.trim() !== '')) errors.searchStrings = RULE_MESSAGES.searchStrings;
  if (form.amountCondition === 'range' && form.amountMin > form.amountMax) errors.amount = RULE_MESSAGES.amount;
  const rows = fundingRowsError(form.rows);
  if (rows) errors.categories = rows;
  return errors;
}

/** The body POST and PATCH take, as the spec's client sends it: each row with an id (negative: new). */
export function ruleBody(form: RuleForm): AutoAssignmentBody & { categories: { id: number; categoryId: string; amount: number; percentage: boolean }[] } {
  const searchStrings = form.searchStrings.map((s) => s.trim()).filter((s) => s !== '');
  return {
    name: form.name.trim(),
    searchStrings,
    categories: fundingRowsToWire(form.rows).map((row, index) => ({ id: -(index + 1), ...row })),
    // The conditions only when set: a plain rule is the spec client's body, unchanged.
    ...(form.nameMatch === 'equals' && searchStrings.length > 0 && { nameMatch: 'equals' as const }),
    ...(form.amountCondition === 'equals' && { amount: { min: dollarsFromCents(form.amountMin), max: dollarsFromCents(form.amountMin) } }),
    ...(form.amountCondition === 'range' && { amount: { min: dollarsFromCents(form.amountMin), max: dollarsFromCents(form.amountMax) } }),
    ...(form.accountIds.length > 0 && { accountIds: [...form.accountIds] }),
  };
}

/** The preview's query for a body: the same rule, its conditions as query parameters. */
export function previewQuery(body: {
  searchStrings: string[];
  categories: unknown[];
  nameMatch?: 'contains' | 'equals' | undefined;
  amount?: { min?: number | null | undefined; max?: number | null | undefined } | null | undefined;
  accountIds?: string[] | undefined;
}) {
  return {
    // A draft on conditions alone sends one blank string: the parameter is required (the spec's client always sends it).
    searchStrings: body.searchStrings.length > 0 ? body.searchStrings : [''],
    categories: JSON.stringify(body.categories),
    ...(body.nameMatch === 'equals' && { nameMatch: 'equals' as const }),
    ...(body.amount?.min != null && { amountMin: body.amount.min }),
    ...(body.amount?.max != null && { amountMax: body.amount.max }),
    ...(body.accountIds && body.accountIds.length > 0 && { accountIds: body.accountIds }),
  };
}

/** Removes a search string box; the last one stays (at least one search string must remain). */
export function removeSearchString(strings: readonly string[], index: number): string[] {
  return strings.length <= 1 ? [...strings] : strings.filter((_, i) => i !== index);
}
