import type { Cents } from '@budget/money';
import type { RuleCategory } from './rule.events.js';
import { ruleMatcher, splitByRule, type RuleSplit } from './match.js';

export interface UnassignedRow {
  transactionId: string;
  date: string;
  name: string;
  amountCents: Cents;
}

export interface RowMatch {
  row: UnassignedRow;
  searchString: string;
  splits: RuleSplit[];
}

/**
 * What one rule would do to rows that sit wholly in Unassigned: the rows it matches (rule 5's
 * matcher, with this rule alone), each row's splits, and how each category balance would move —
 * Unassigned gives back every matched amount, the rule's categories take their parts.
 */
export function previewRule(rule: { searchStrings: string[]; categories: RuleCategory[] }, rows: readonly UnassignedRow[], unassignedCategoryId: string) {
  const matcher = ruleMatcher([{ id: 'draft', name: 'draft', ...rule }]);
  const matches: RowMatch[] = [];
  const moves = new Map<string, Cents>();
  const move = (categoryId: string, cents: Cents) => moves.set(categoryId, (moves.get(categoryId) ?? 0) + cents);
  for (const row of rows) {
    const found = matcher.match(row.name);
    if (!found || row.amountCents === 0) continue;
    const splits = splitByRule(row.amountCents, rule.categories);
    matches.push({ row, searchString: found.searchString, splits });
    move(unassignedCategoryId, -row.amountCents);
    for (const split of splits) move(split.categoryId, split.amount);
  }
  return { matches, moves: [...moves].filter(([, cents]) => cents !== 0).map(([categoryId, change]) => ({ categoryId, change })) };
}
