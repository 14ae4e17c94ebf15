import { dollarsFromCents, sumCents, type Cents } from '@budget/money';
import type { Id } from '@budget/web';
import { TRANSFER_MESSAGES } from './rebalance-form.js';
import type { TransferBody } from './transfer-data.js';

/** One From or To line of a category transfer; amounts are entered positive on both sides. */
export interface TransferEntry {
  key: string;
  categoryId: Id | null;
  amount: Cents;
}

let nextKey = 0;
export const transferEntry = (categoryId: Id | null = null, amount: Cents = 0): TransferEntry => ({ key: `transfer-${++nextKey}`, categoryId, amount });

export const entriesSum = (entries: readonly TransferEntry[]) => sumCents(entries.map((entry) => entry.amount));

/** What stops a transfer from being sent (spec §5 "Category transfer"), or null. */
export function transferProblem(date: string, from: readonly TransferEntry[], to: readonly TransferEntry[]): string | null {
  if (date === '') return TRANSFER_MESSAGES.date;
  if ([...from, ...to].some((entry) => entry.categoryId === null)) return TRANSFER_MESSAGES.category;
  if (entriesSum(from) !== entriesSum(to)) return TRANSFER_MESSAGES.fromTo;
  if (entriesSum(to) === 0) return TRANSFER_MESSAGES.none;
  return null;
}

/** POST /category-transfer without a type: From lines negative, To lines positive. */
export function transferBody(date: string, from: readonly TransferEntry[], to: readonly TransferEntry[]): TransferBody {
  const line = (sign: 1 | -1) => (entry: TransferEntry) => ({ categoryId: entry.categoryId, amount: dollarsFromCents(sign * entry.amount) });
  return { date, categories: [...from.map(line(-1)), ...to.map(line(1))] };
}
