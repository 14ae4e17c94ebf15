import { dollarsFromCents, sumCents, type Cents } from '@budget/money';
import { wireCents, type Id } from '@budget/web';
import type { StoredTransfer, TransferBody } from './transfer-data.js';

export const TRANSFER_MESSAGES = {
  date: 'A date must be specified.',
  none: 'There must be at least one adjustment.',
  zero: 'The sum of the adjustments must be zero.',
  category: 'There are one or more items not assigned a category.',
  fromTo: 'The sum of the From categories does not match the sum of the To categories.',
} as const;

/** The adjustments of a stored rebalance by category (several splits of one category add up). */
export function storedAdjustments(stored: StoredTransfer | null): Map<Id, Cents> {
  const adjustments = new Map<Id, Cents>();
  for (const split of stored?.categories ?? []) adjustments.set(split.categoryId, (adjustments.get(split.categoryId) ?? 0) + wireCents(split.amount));
  return adjustments;
}

/** The live sum of the adjustments in cents: a rebalance must come to zero. */
export const adjustmentSum = (adjustments: ReadonlyMap<Id, Cents>) => sumCents([...adjustments.values()]);

/** POST or PATCH /category-transfer of a rebalance (type 3); lines of 0.00 are left out. */
export function rebalanceBody(date: string, adjustments: ReadonlyMap<Id, Cents>, version?: number | null): TransferBody {
  return {
    date,
    type: 3,
    ...(version != null && { version }),
    categories: [...adjustments].filter(([, amount]) => amount !== 0).map(([categoryId, amount]) => ({ categoryId, amount: dollarsFromCents(amount) })),
  };
}

/** The money a funding or rebalance moved: the sum of its positive splits. */
export function movedAmount(splits: readonly { amount: number }[] | null | undefined): number {
  return sumCents((splits ?? []).map((split) => wireCents(split.amount)).filter((cents) => cents > 0));
}
