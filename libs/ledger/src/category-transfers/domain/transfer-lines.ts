import { sumCents, type Cents } from '@budget/money';
import { isCalendarDate } from '../../domain/dates.js';
import { MESSAGES, RuleViolation, UnknownReference } from '../../domain/domain-error.js';
import type { FundingSource, Split } from '../../domain/transaction.events.js';

/**
 * What the client asks for: funding (type 2), a rebalance (type 3), or a category transfer — the
 * From/To dialog, which sends no type. Transfers are stored as rebalances: the same zero-sum move
 * between categories, listed in the Category Transfers register.
 */
export type TransferType = 'funding' | 'rebalance' | 'transfer';
export const KIND_OF_TRANSFER = { funding: 'funding', rebalance: 'rebalance', transfer: 'rebalance' } as const;

export const TRANSFER_MESSAGES = {
  date: 'A date must be specified.',
  noAdjustment: 'There must be at least one adjustment.',
  rebalanceSum: 'The sum of the adjustments must be zero.',
  transferSum: 'The sum of the From categories does not match the sum of the To categories.',
  fundingSum: 'The funded amounts must equal the amounts drawn from the funding categories.',
  funderSign: 'A funding category gives money: its amount must not be positive.',
  typeChange: 'The type of a category transfer cannot be changed.',
} as const;

const SUM_MESSAGE: Record<TransferType, string> = {
  funding: TRANSFER_MESSAGES.fundingSum,
  rebalance: TRANSFER_MESSAGES.rebalanceSum,
  transfer: TRANSFER_MESSAGES.transferSum,
};

export interface TransferLine {
  categoryId: string | null;
  amount: Cents;
  comment?: string | null;
  baseAmount?: Cents;
  funder?: boolean;
  fundingCategories?: FundingSource[];
  includeFundingTransfers?: boolean;
}

/** Which of the user's categories exist (an id of another user's reads as missing). */
export interface TransferContext {
  categoryExists(categoryId: string): boolean;
}

export function transferDate(date: string | null): string {
  if (date === null || date.trim() === '') throw new RuleViolation('date', TRANSFER_MESSAGES.date, 'required');
  if (!isCalendarDate(date)) throw new RuleViolation('date', MESSAGES.date, 'date');
  return date;
}

function toSplit(type: TransferType, line: TransferLine & { categoryId: string }): Split {
  const split: Split = { categoryId: line.categoryId, amount: line.amount, comment: line.comment?.trim() || null };
  if (type !== 'funding') return split;
  return {
    ...split,
    funder: line.funder ?? false,
    fundingCategories: line.fundingCategories ?? [],
    includeFundingTransfers: line.includeFundingTransfers ?? false,
    baseAmount: line.baseAmount ?? (line.funder ? 0 : line.amount),
  };
}

/**
 * The splits of a category transfer, checked on the server (weak points 13 and 37): every line
 * names one of the user's categories (funding sources too), funders give rather than receive, and
 * the lines add up to zero in cents — money moves between categories, it is never made or lost.
 * Lines of 0.00 move nothing and are not stored; at least one line must move something — except
 * a funding whose lines are all 0.00 (the spec's Fund dialog saves one): it moves nothing, so there
 * are no splits and the deciders record nothing.
 */
export function transferSplits(type: TransferType, lines: readonly TransferLine[], context: TransferContext): Split[] {
  const named = lines.map((line, index) => {
    if (!line.categoryId) throw new RuleViolation(`categories.${index}.categoryId`, MESSAGES.splitCategory, 'required');
    const ids = [line.categoryId, ...(line.fundingCategories ?? []).map((f) => f.categoryId)];
    if (!ids.every((id) => context.categoryExists(id))) throw new UnknownReference('Category');
    if (type === 'funding' && line.funder && line.amount > 0) throw new RuleViolation(`categories.${index}.amount`, TRANSFER_MESSAGES.funderSign, 'max');
    return { ...line, categoryId: line.categoryId };
  });
  const moving = named.filter((line) => line.amount !== 0);
  if (moving.length === 0) {
    if (type === 'funding' && named.length > 0) return [];
    throw new RuleViolation('categories', TRANSFER_MESSAGES.noAdjustment, 'required');
  }
  if (sumCents(moving.map((line) => line.amount)) !== 0) throw new RuleViolation('categories', SUM_MESSAGE[type], 'sum');
  return moving.map((line) => toSplit(type, line));
}
