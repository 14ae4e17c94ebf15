import { dollarsFromCents, sumCents, type Cents } from '@budget/money';
import { wireCents, type Id } from '@budget/web';
import { TRANSFER_MESSAGES } from './rebalance-form.js';
import type { StoredTransfer, TransferBody } from './transfer-data.js';

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

/**
 * POST /category-transfer without a type (a new transfer), or PATCH with the stored one's type and
 * version (an edit): From lines negative, To lines positive.
 */
export function transferBody(date: string, from: readonly TransferEntry[], to: readonly TransferEntry[], stored: StoredTransfer | null = null): TransferBody {
  const line = (sign: 1 | -1) => (entry: TransferEntry) => ({ categoryId: entry.categoryId, amount: dollarsFromCents(sign * entry.amount) });
  return {
    date,
    // An edit is sent as the rebalance it is stored as, with the version it was read at.
    ...(stored && { type: 3 as const, ...(stored.version != null && { version: stored.version }) }),
    categories: [...from.map(line(-1)), ...to.map(line(1))],
  };
}

/** A stored category transfer (a rebalance) as From lines (what left a category) and To lines (what reached one), amounts positive. */
export function storedSides(stored: StoredTransfer): { from: TransferEntry[]; to: TransferEntry[] } {
  const from: TransferEntry[] = [];
  const to: TransferEntry[] = [];
  for (const split of stored.categories) {
    const cents = wireCents(split.amount);
    if (cents < 0) from.push(transferEntry(split.categoryId, -cents));
    else if (cents > 0) to.push(transferEntry(split.categoryId, cents));
  }
  return { from: from.length > 0 ? from : [transferEntry()], to: to.length > 0 ? to : [transferEntry()] };
}

/**
 * The To lines once the From lines changed: a single To line still following the From total
 * (untouched, or equal to the old total) takes the new total, so a one-to-one transfer is typed
 * once. A To line the user typed a different amount into is left alone.
 */
export function followFrom(previousFrom: readonly TransferEntry[], nextFrom: readonly TransferEntry[], to: readonly TransferEntry[]): TransferEntry[] {
  if (to.length !== 1) return [...to];
  const only = to[0]!;
  if (only.amount !== 0 && only.amount !== entriesSum(previousFrom)) return [...to];
  return [{ ...only, amount: entriesSum(nextFrom) }];
}
