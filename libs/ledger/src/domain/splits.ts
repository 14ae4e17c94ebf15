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

/**
 * The splits of a bank row whose amount the bank changed (a tipped bill posting at more than its
 * pending amount, docs/architecture.md §8 "The tipped bill"):
 * - one split (whatever its category): it takes the whole new amount;
 * - a rule's split: the rule's split of the new amount (`ruled`, when the rule still claims the row
 *   and its split sums to it), else the same shares of the new amount, the last split taking the
 *   rounding remainder;
 * - a hand-made split over several categories: the difference goes to Unassigned and the row is
 *   marked for review (`review`), since no share of it can be guessed.
 */
export function followSplits(
  splits: readonly Split[],
  amount: Cents,
  unassignedCategoryId: string,
  rule: { byRule: boolean; ruled: readonly Split[] | null },
): { splits: Split[]; review: boolean } {
  const old = sumCents(splits.map((s) => s.amount));
  if (old === amount) return { splits: [...splits], review: false };
  if (splits.length === 1) return { splits: [{ ...splits[0]!, amount }], review: false };
  if (rule.byRule && splits.length > 1 && old !== 0) {
    if (rule.ruled && rule.ruled.length > 0 && sumCents(rule.ruled.map((s) => s.amount)) === amount) return { splits: [...rule.ruled], review: false };
    return { splits: scaleSplits(splits, old, amount), review: false };
  }
  if (splits.length === 0) return { splits: [{ categoryId: unassignedCategoryId, amount, comment: null }], review: false };
  return { splits: routeDeltaToUnassigned(splits, amount - old, unassignedCategoryId), review: true };
}

/** Each split's share of `old` applied to `amount` in exact integer arithmetic; the last split takes the remainder. */
function scaleSplits(splits: readonly Split[], old: Cents, amount: Cents): Split[] {
  const from = BigInt(old);
  const to = BigInt(amount);
  let given = 0;
  return splits.map((s, i) => {
    if (i === splits.length - 1) return { ...s, amount: amount - given };
    const num = BigInt(s.amount) * to;
    let q = num / from;
    const r = num % from;
    const abs = (x: bigint) => (x < 0n ? -x : x);
    if (2n * abs(r) >= abs(from)) q += (num < 0n) === (from < 0n) ? 1n : -1n;
    const scaled = Number(q);
    given += scaled;
    return { ...s, amount: scaled };
  });
}
