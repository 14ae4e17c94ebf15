import type { Cents } from '@budget/money';
import type { RuleCategory, RuleConditions } from './rule.events.js';
import { ruleMatcher, splitByRule, type RuleSplit } from './match.js';

export interface UnassignedRow {
  transactionId: string;
  date: string;
  name: string;
  amountCents: Cents;
  /** The row's account (the account condition); absent in rows listed before conditions existed. */
  accountId?: string | undefined;
  /** False for a row dated before its account's start date: in no category register, it moves no balance. */
  counted: boolean;
}

export interface RowMatch {
  row: UnassignedRow;
  searchString: string;
  splits: RuleSplit[];
}

/** Rows a rule claims, and how they move the category balances (in cents, zero moves left out). */
export interface RulePlan {
  matches: RowMatch[];
  moves: { categoryId: string; change: Cents }[];
}

/**
 * What one rule would do to rows that sit wholly in Unassigned: the rows it matches (rule 5's
 * matcher, with this rule alone, its conditions included), each row's splits, and how each category balance would move —
 * Unassigned gives back every matched amount, the rule's categories take their parts — counting
 * only rows that count in the balances (a row dated before its account's start date takes the
 * splits but moves nothing). Rows may come in pages: `previewRule` of each page, then `mergePlans`.
 */
export function previewRule(rule: { searchStrings: string[]; categories: RuleCategory[] } & RuleConditions, rows: readonly UnassignedRow[], unassignedCategoryId: string): RulePlan {
  const matcher = ruleMatcher([{ id: 'draft', name: 'draft', ...rule }]);
  const matches: RowMatch[] = [];
  for (const row of rows) {
    const found = matcher.match(row);
    if (!found || row.amountCents === 0) continue;
    matches.push({ row, searchString: found.searchString, splits: splitByRule(row.amountCents, rule.categories) });
  }
  return { matches, moves: balanceMoves(matches, unassignedCategoryId) };
}

/** How the category balances move when `matches` are assigned: only rows that count move anything. */
export function balanceMoves(matches: readonly RowMatch[], unassignedCategoryId: string): RulePlan['moves'] {
  const moves = new Map<string, Cents>();
  const move = (categoryId: string, cents: Cents) => moves.set(categoryId, (moves.get(categoryId) ?? 0) + cents);
  for (const { row, splits } of matches) {
    if (!row.counted) continue;
    move(unassignedCategoryId, -row.amountCents);
    for (const split of splits) move(split.categoryId, split.amount);
  }
  return [...moves].filter(([, cents]) => cents !== 0).map(([categoryId, change]) => ({ categoryId, change }));
}
