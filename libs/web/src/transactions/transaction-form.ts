import { dollarsFromCents, type Cents } from '@budget/money';
import type { Id } from '../data/id.js';
import { wireCents } from '../money/money.js';
import type { TransactionData } from '../register/transaction-data.js';
import { principlePart } from './loan.js';

/** One split row of the form: amounts are entered as they count against the absolute amount. */
export interface SplitEntry {
  key: string;
  categoryId: Id | null;
  amount: Cents;
  comment: string;
}

export interface TransactionForm {
  date: string;
  name: string;
  amount: Cents;
  /** The part of the amount that pays down a loan; used for loan accounts only. */
  principle: Cents;
  comment: string;
  splits: SplitEntry[];
}

export type TransactionField = 'date' | 'name' | 'amount' | 'principle';

export interface TransactionFormErrors {
  fields: Partial<Record<TransactionField, string>>;
  general: string | null;
}

export const MESSAGES = {
  date: 'A date must be specified.',
  name: 'A name must be provided.',
  sum: 'The sum of the categories does not match the transaction amount.',
  category: 'There are one or more items not assigned a category.',
} as const;

let nextKey = 0;
export const splitKey = () => `split-${++nextKey}`;

const signOf = (amount: Cents) => (amount < 0 ? -1 : 1);

export function emptyForm(date: string): TransactionForm {
  return { date, name: '', amount: 0, principle: 0, comment: '', splits: [{ key: splitKey(), categoryId: null, amount: 0, comment: '' }] };
}

/** The form of a stored transaction: split amounts shown with the sign flip of a negative amount undone. */
export function formFromTransaction(transaction: TransactionData): TransactionForm {
  const amount = wireCents(transaction.accountTransaction?.amount);
  const sign = signOf(amount);
  return {
    date: transaction.date,
    name: transaction.accountTransaction?.name ?? '',
    amount,
    principle: wireCents(transaction.accountTransaction?.principle),
    comment: transaction.comment ?? '',
    splits: (transaction.categories ?? []).map((split) => ({
      key: splitKey(),
      categoryId: split.categoryId,
      amount: sign * wireCents(split.amount) || 0,
      comment: split.comment ?? '',
    })),
  };
}

export const splitSum = (splits: readonly SplitEntry[]): Cents => splits.reduce((sum, split) => sum + split.amount, 0);

/** What a newly added split row starts with: the part of the amount no row holds yet. */
export function remainder(form: TransactionForm): Cents {
  return Math.max(0, Math.abs(form.amount) - splitSum(form.splits));
}

/** The transaction form rules of spec §5, checked before anything is sent. */
export function validateTransaction(form: TransactionForm): TransactionFormErrors {
  const fields: TransactionFormErrors['fields'] = {};
  if (form.date.trim() === '') fields.date = MESSAGES.date;
  if (form.name.trim() === '') fields.name = MESSAGES.name;
  let general: string | null = null;
  if (form.splits.some((split) => split.categoryId === null)) general = MESSAGES.category;
  else if (form.splits.length > 0 && splitSum(form.splits) !== Math.abs(form.amount)) general = MESSAGES.sum;
  return { fields, general };
}

/**
 * A 0.00 amount is asked about before it is saved (it is more often a slip than a record): a new
 * transaction of 0.00, or a stored one whose amount is changed to 0.00.
 */
export function asksToSaveZero(form: TransactionForm, storedAmount: Cents | null): boolean {
  return form.amount === 0 && storedAmount !== 0;
}

export const hasErrors = (errors: TransactionFormErrors) => errors.general !== null || Object.keys(errors.fields).length > 0;

/** The splits as sent: a negative amount flips the sign of every split on save. */
export function wireSplits(form: TransactionForm) {
  const sign = signOf(form.amount);
  return form.splits.map((split) => ({
    categoryId: split.categoryId as Id,
    amount: dollarsFromCents(sign * split.amount || 0),
    ...(split.comment.trim() !== '' && { comment: split.comment.trim() }),
  }));
}

/** POST /account/{id}/transactions body; a loan account's transaction carries its principle. */
export function newTransactionBody(form: TransactionForm, loan = false) {
  return {
    date: form.date,
    name: form.name.trim(),
    amount: dollarsFromCents(form.amount),
    ...principlePart(form, loan),
    comment: form.comment.trim(),
    categories: wireSplits(form),
  };
}

/** PATCH /transaction/{id} body; a bank row keeps the bank's date, name and amount. */
export function editTransactionBody(form: TransactionForm, version: number, bankRow: boolean, loan = false) {
  const own = bankRow ? {} : { date: form.date, name: form.name.trim(), amount: dollarsFromCents(form.amount) };
  return { version, ...own, ...principlePart(form, loan), comment: form.comment.trim(), categories: wireSplits(form) };
}
