import type { AutoAssignmentBody } from '@budget/contracts';
import { fundingRowsError, fundingRowsFromWire, fundingRowsToWire, type FundingRow, type Id } from '@budget/web';
import type { Rule } from './rule-data.js';

/** The rule dialog's fields: the name, the search strings (one text box each) and the category rows. */
export interface RuleForm {
  name: string;
  searchStrings: string[];
  rows: FundingRow[];
}

export const RULE_FIELDS = ['name', 'searchStrings', 'categories'] as const;
export type RuleField = (typeof RULE_FIELDS)[number];

export const RULE_MESSAGES = {
  name: 'A name must be provided.',
  searchStrings: 'At least one search string must be provided.',
} as const;

/** A new rule: one empty search string, Unassigned at 100 percent (product-spec §5). */
export function newRuleForm(unassignedId: Id | null): RuleForm {
  return { name: '', searchStrings: [''], rows: fundingRowsFromWire([{ categoryId: unassignedId, amount: 100, percentage: true }], unassignedId) };
}

/**
 * "Make a rule from this one": the transaction's name as the rule's name and its one search string
 * (trimmed; runs of spaces are one, as banks pad names), Unassigned at 100 percent until the user picks.
 */
export function ruleFormFromName(name: string, unassignedId: Id | null): RuleForm {
  const text = name.trim().replace(/\s+/g, ' ');
  return { ...newRuleForm(unassignedId), name: text, searchStrings: [text] };
}

export function ruleFormFrom(rule: Omit<Rule, 'applications'>, unassignedId: Id | null): RuleForm {
  return {
    name: rule.name,
    searchStrings: rule.searchStrings.length > 0 ? [...rule.searchStrings] : [''],
    rows: rule.categories.length > 0 ? fundingRowsFromWire(rule.categories, unassignedId) : newRuleForm(unassignedId).rows,
  };
}

/** What is wrong with the form, per field (empty when it may be sent). */
export function validateRule(form: RuleForm): Partial<Record<RuleField, string>> {
  const errors: Partial<Record<RuleField, string>> = {};
  if (form.name.trim() === '') errors.name = RULE_MESSAGES.name;
  if (!form.searchStrings.some((s) => s.trim() !== '')) errors.searchStrings = RULE_MESSAGES.searchStrings;
  const rows = fundingRowsError(form.rows);
  if (rows) errors.categories = rows;
  return errors;
}

/** The body POST and PATCH take, as the spec's client sends it: each row with an id (negative: new). */
export function ruleBody(form: RuleForm): AutoAssignmentBody & { categories: { id: number; categoryId: string; amount: number; percentage: boolean }[] } {
  return {
    name: form.name.trim(),
    searchStrings: form.searchStrings.map((s) => s.trim()).filter((s) => s !== ''),
    categories: fundingRowsToWire(form.rows).map((row, index) => ({ id: -(index + 1), ...row })),
  };
}

/** Removes a search string box; the last one stays (at least one search string must remain). */
export function removeSearchString(strings: readonly string[], index: number): string[] {
  return strings.length <= 1 ? [...strings] : strings.filter((_, i) => i !== index);
}
