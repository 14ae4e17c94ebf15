import { centsToDecimalString, spreadFunding, type Cents } from '@budget/money';
import type { RuleCategory, RuleConditions } from './rule.events.js';
import { sortRules, type Rule } from './rules.decide.js';

export interface RuleSplit {
  categoryId: string;
  amount: Cents;
}

export interface RuleMatch {
  rule: Rule;
  /** The search string that matched, as the rule holds it. */
  searchString: string;
}

/** What a rule looks at in a row: its name, its signed amount in cents, and its account. */
export interface RuleRow {
  name: string;
  amountCents: Cents;
  /** Absent: the row matches no rule with an account condition. */
  accountId?: string | undefined;
}

/**
 * The rules prepared once for a batch of rows: every search string lower-cased, longest first,
 * ties in the rules' list order (lower-cased name, then id); a rule without search strings (only
 * amount or account conditions) comes after every string.
 */
export interface RuleMatcher {
  /** A row, or a name alone (an amount of 0 and no account). */
  match(row: RuleRow | string): RuleMatch | null;
}

/**
 * What the log and the plan say a rule without search strings matched on: its amount or its
 * accounts ("amount -36.00", "amount from -50.00 to -20.00", "amount at least 10.00", "account").
 */
export function conditionLabel(c: RuleConditions): string {
  const min = c.amountMin;
  const max = c.amountMax;
  if (min !== undefined && max !== undefined) return min === max ? `amount ${centsToDecimalString(min)}` : `amount from ${centsToDecimalString(min)} to ${centsToDecimalString(max)}`;
  if (min !== undefined) return `amount at least ${centsToDecimalString(min)}`;
  if (max !== undefined) return `amount at most ${centsToDecimalString(max)}`;
  return 'account';
}

/** Whether a row meets a rule's amount and account conditions (none set: every row does). */
export function meetsConditions(c: RuleConditions, row: RuleRow): boolean {
  if (c.amountMin !== undefined && row.amountCents < c.amountMin) return false;
  if (c.amountMax !== undefined && row.amountCents > c.amountMax) return false;
  if (c.accountIds && c.accountIds.length > 0 && (row.accountId === undefined || !c.accountIds.includes(row.accountId))) return false;
  return true;
}

/**
 * Which rule claims a transaction (server-behaviour §4.5.1 with its TODO done, rule 5, and
 * docs/architecture.md §4.5): a rule matches when the lower-cased name contains one of its
 * lower-cased search strings (a plain substring) — or, with `nameMatch: 'equals'`, is one of them,
 * whole and trimmed — and the row meets its amount and account conditions; a rule without search
 * strings matches on those alone. Of several matches the LONGEST search string wins (a rule
 * without strings counts as the empty string), and of strings equally long the rule first in the
 * list (sorted by lower-cased name, then id). Blank strings match nothing (the stored rules have none).
 */
export function ruleMatcher(rules: Iterable<Rule>): RuleMatcher {
  const candidates = sortRules(rules)
    .flatMap((rule, order) =>
      rule.searchStrings.length === 0
        ? [{ rule, searchString: conditionLabel(rule), needle: '', bare: true, order }]
        : rule.searchStrings.map((searchString) => ({ rule, searchString, needle: searchString.trim().toLowerCase(), bare: false, order })).filter((c) => c.needle.length > 0),
    )
    .sort((a, b) => b.needle.length - a.needle.length || a.order - b.order);
  return {
    match(given: RuleRow | string): RuleMatch | null {
      const row = typeof given === 'string' ? { name: given, amountCents: 0 } : given;
      const haystack = row.name.toLowerCase();
      const whole = haystack.trim();
      const found = candidates.find(
        (c) => (c.bare || (c.rule.nameMatch === 'equals' ? whole === c.needle : haystack.includes(c.needle))) && meetsConditions(c.rule, row),
      );
      return found ? { rule: found.rule, searchString: found.searchString } : null;
    },
  };
}

/**
 * A transaction's splits by a rule's rows, in cents (rule 5): fixed rows first, each taking at
 * most what is left, then percentage rows sharing what the fixed rows left; the LAST row takes
 * the rounding remainder and whatever the rows leave, so the splits always sum to the amount.
 * Every split carries the amount's sign (fixed amounts are entered without one). Rows of one
 * category are merged, zero splits dropped; a zero amount has no splits.
 */
export function splitByRule(amount: Cents, rows: readonly RuleCategory[]): RuleSplit[] {
  if (rows.length === 0) throw new RangeError('a rule has at least one category row');
  const ordered = [...rows.filter((r) => !r.percentage), ...rows.filter((r) => r.percentage)];
  return spreadFunding(amount, ordered);
}
