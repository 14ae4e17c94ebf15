import type { Cents } from '@budget/money';
import type { Id } from '../data/id.js';
import { wireCents } from '../money/money.js';
import type { TransactionData } from './transaction-data.js';

export interface RegisterRow {
  id: Id;
  date: string;
  name: string;
  /** Category names of the splits, or the account for a register across accounts. */
  detail: string;
  amount: Cents;
  /** The running balance after this row, when the register has one. */
  balance: Cents | null;
  transaction: TransactionData;
}

const TYPE_NAMES: Record<number, string> = { 2: 'Category Funding', 3: 'Category Rebalance' };

/** A transaction's name: the bank's, else the client's label for its type. */
export function transactionName(transaction: TransactionData): string {
  return transaction.accountTransaction?.name ?? TYPE_NAMES[transaction.type] ?? 'Unknown';
}

export interface RowOptions {
  /** The amount a row shows in this register, in cents. */
  amountOf: (transaction: TransactionData) => Cents;
  detailOf: (transaction: TransactionData) => string;
  /** The balance after the newest row; rows then carry running balances back in time. */
  balance: Cents | null;
}

/**
 * Register rows, newest first. A row carries the running balance the server stored for it; rows
 * without one get it worked back from the current balance.
 */
export function toRegisterRows(transactions: readonly TransactionData[], options: RowOptions): RegisterRow[] {
  let balance = options.balance;
  return transactions.map((transaction) => {
    const amount = options.amountOf(transaction);
    if (balance !== null && transaction.runningBalance != null) balance = wireCents(transaction.runningBalance);
    const row = { id: transaction.id, date: transaction.date, name: transactionName(transaction), detail: options.detailOf(transaction), amount, balance, transaction };
    if (balance !== null) balance -= amount;
    return row;
  });
}

/** The part of a transaction that lands in one category; uncategorised rows count in full. */
export function amountInCategory(transaction: TransactionData, categoryId: Id, unassigned: boolean): Cents {
  const splits = transaction.categories ?? [];
  if (splits.length === 0) return unassigned ? wireCents(transaction.accountTransaction?.amount) : 0;
  return splits.filter((s) => s.categoryId === categoryId).reduce((sum, s) => sum + wireCents(s.amount), 0);
}

/** The whole amount of a transaction's account part. */
export function accountAmount(transaction: TransactionData): Cents {
  return wireCents(transaction.accountTransaction?.amount);
}
