import { sumCents, type Cents } from '@budget/money';
import { MESSAGES, RuleViolation, UnknownReference } from './domain-error.js';
import type { Split } from './transaction.events.js';

export interface SplitInput {
  categoryId: string | null | undefined;
  amount: Cents;
  comment?: string | null;
}

/** What a decider needs to know about the user's categories. */
export interface SplitContext {
  categoryExists(categoryId: string): boolean;
  unassignedCategoryId: string;
}

/**
 * The splits a transaction of `amount` is stored with: each names one of the user's categories and
 * together they sum to the amount in cents (server-behaviour §8 rule 9). No splits means the whole
 * amount is Unassigned (rule 8), on every account: on one that does not track Transactions the
 * split is kept out of the budget (the projection's visibility), and enters it, with the rest of
 * the account, when its tracking changes to Transactions.
 */
export function normaliseSplits(inputs: readonly SplitInput[], amount: Cents, context: SplitContext): Split[] {
  if (inputs.length === 0) return [{ categoryId: context.unassignedCategoryId, amount, comment: null }];
  const splits = inputs.map((input, index): Split => {
    if (!input.categoryId) throw new RuleViolation(`categories.${index}.categoryId`, MESSAGES.splitCategory, 'required');
    if (!context.categoryExists(input.categoryId)) throw new UnknownReference('Category');
    return { categoryId: input.categoryId, amount: input.amount, comment: input.comment ?? null };
  });
  if (sumCents(splits.map((s) => s.amount)) !== amount) throw new RuleViolation('categories', MESSAGES.splitSum, 'sum');
  return splits;
}

/**
 * Moves an amount change of a bank row into its Unassigned split, keeping the user's other
 * splits (rule 4): the splits still sum to the new amount.
 */
export function routeDeltaToUnassigned(splits: readonly Split[], delta: Cents, unassignedCategoryId: string): Split[] {
  if (delta === 0) return [...splits];
  const index = splits.findIndex((s) => s.categoryId === unassignedCategoryId);
  if (index === -1) return [...splits, { categoryId: unassignedCategoryId, amount: delta, comment: null }];
  return splits.map((s, i) => (i === index ? { ...s, amount: s.amount + delta } : s));
}

export function sameSplits(a: readonly Split[], b: readonly Split[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
