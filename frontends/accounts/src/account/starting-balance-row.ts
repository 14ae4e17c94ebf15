import { dollarsFromCents } from '@budget/money';
import { formatDate, TransactionType, type RegisterRow } from '@budget/web';
import type { Account } from '../institutions/institution-data.js';

/**
 * The register's last line, the starting-balance row at its bottom (docs/architecture.md §9.7):
 * the account's opening balance on its start date, under the oldest row once the whole register is
 * loaded. GET /account/{id}/transactions leaves the type-4 row out (server-behaviour §4.3), so it
 * is worked out here: the running balance before the oldest row dated on or after the start date,
 * or the account's balance when there is none. Bank rows older than the start date (server-behaviour
 * §3.3) stay under it: they are outside the balance. It does not open (a starting balance is
 * changed through the account).
 */
export function withStartingBalanceRow(rows: readonly RegisterRow[], account: Pick<Account, 'id' | 'name' | 'startDate' | 'balance'>, balance: number): RegisterRow[] {
  const date = account.startDate.slice(0, 10);
  const before = rows.findIndex((row) => row.date < date);
  const inBalance = before === -1 ? rows : rows.slice(0, before);
  const oldest = inBalance.at(-1);
  const amount = oldest ? (oldest.balance ?? balance) - oldest.amount : balance;
  const id = `starting-balance-${account.id}`;
  const transaction = {
    id, date, sortOrder: -1, type: TransactionType.StartingBalance, comment: null, categories: [], duplicateOfTransactionId: null, version: 0,
    accountTransaction: {
      name: 'Starting Balance', amount: dollarsFromCents(amount), principle: null, paymentChannel: null, location: null, accountOwner: null, pending: false, statementId: null,
      account: { id: account.id, name: account.name, institution: { name: '' } },
    },
  } as RegisterRow['transaction'];
  const line: RegisterRow = { id, date, name: 'Starting Balance', detail: '', amount, balance: amount, transaction };
  return [...inBalance, line, ...rows.slice(inBalance.length).map((row) => ({ ...row, balance: null }))];
}

/** The detail of a row dated before its account's start date: said to be outside the balance. */
export const outsideBalanceNote = (startDate: string) => `Not in the balance: before the start date (${formatDate(startDate.slice(0, 10))})`;

/** Whether a register row is the starting-balance line (its reconcile box does nothing). */
export const isStartingBalanceRow = (row: Pick<RegisterRow, 'transaction'>) => row.transaction.type === TransactionType.StartingBalance;
