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
  /** The account column of a category or Unassigned register: the row's account ('' or absent for a funding or rebalance). */
  account?: string;
  amount: Cents;
  /** The running balance after this row, when the register has one. */
  balance: Cents | null;
  transaction: TransactionData;
}

/**
 * The client's label for each transaction type (the `type` of `@budget/contracts`' ledgerTransaction:
 * 0 regular, 1 transfer, 2 funding, 3 rebalance, 4 starting balance, 5 manual), for a row with no
 * name of its own. The server names only the starting balance ("Initial Funding") and leaves
 * "Category Funding" and "Category Rebalance" to the client (docs/spec/server-behaviour.md §3.2,
 * "Transaction JSON"); a legacy type-1 row moved money between accounts, so it is a "Transfer".
 * A rebalance is shown as what the user made it with: a "Category Transfer" (the Category
 * Transfer dialog, where it opens again).
 */
export const TYPE_NAMES: Readonly<Record<number, string>> = {
  0: 'Transaction',
  1: 'Transfer',
  2: 'Category Funding',
  3: 'Category Transfer',
  4: 'Initial Funding',
  5: 'Transaction',
};

/** A transaction's name: the bank's (or the one typed in), else the label of its type; "Unknown" only for a type the contracts do not define. */
export function transactionName(transaction: TransactionData): string {
  const own = transaction.accountTransaction?.name?.trim();
  return own || (TYPE_NAMES[transaction.type] ?? 'Unknown');
}

/** The account a row belongs to, '' when it has no account part (a funding or rebalance). */
export function accountName(transaction: TransactionData): string {
  return transaction.accountTransaction?.account?.name ?? '';
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
    const row = {
      id: transaction.id,
      date: transaction.date,
      name: transactionName(transaction),
      detail: options.detailOf(transaction),
      account: accountName(transaction),
      amount,
      balance,
      transaction,
    };
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
