import { spreadFunding, type Cents } from '@budget/money';
import type { RuleCategory } from './rule.events.js';
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

/**
 * The rules prepared once for a batch of rows: every search string lower-cased, longest first,
 * ties in the rules' list order (lower-cased name, then id).
 */
export interface RuleMatcher {
  match(name: string): RuleMatch | null;
}

/**
 * Which rule claims a transaction named `name` (server-behaviour §4.5.1 with its TODO done, rule
 * 5): a rule matches when the lower-cased name contains one of its lower-cased search strings (a
 * plain substring); of several matches the LONGEST search string wins, and of strings equally
 * long the rule first in the list (sorted by lower-cased name, then id). Blank strings match
 * nothing (the stored rules have none).
 */
export function ruleMatcher(rules: Iterable<Rule>): RuleMatcher {
  const candidates = sortRules(rules)
    .flatMap((rule, order) => rule.searchStrings.map((searchString) => ({ rule, searchString, needle: searchString.toLowerCase(), order })))
    .filter((c) => c.needle.length > 0)
    .sort((a, b) => b.needle.length - a.needle.length || a.order - b.order);
  return {
    match(name: string): RuleMatch | null {
      const haystack = name.toLowerCase();
      const found = candidates.find((c) => haystack.includes(c.needle));
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
