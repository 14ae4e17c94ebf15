import type { Cents } from '@budget/money';
import type { LedgerInstitutionView } from '@budget/contracts';
import type { Id } from '../data/id.js';
import { splitKey, type TransactionForm } from './transaction-form.js';

/** An account a transfer can go to or come from. */
export interface TransferAccount {
  id: Id;
  name: string;
  type: string;
  startDate: string;
}

/** "Transfer to Visa" for money leaving (a negative amount), "Transfer from Checking" for money coming in. */
export const transferName = (amount: Cents, otherAccount: string) => (amount < 0 ? `Transfer to ${otherAccount}` : `Transfer from ${otherAccount}`);

/**
 * The accounts of the budget other than `hereId` that can take the other side of a transfer:
 * open, and tracking transactions (a Balances account has no rows), in the institutions' order.
 */
export function transferChoices(institutions: readonly LedgerInstitutionView[], hereId: Id): TransferAccount[] {
  return institutions.flatMap((institution) =>
    institution.accounts
      .filter((account) => account.id !== hereId && !account.closed && account.tracking !== 'Balances')
      .map((account) => ({ id: account.id, name: account.name, type: account.type, startDate: account.startDate.slice(0, 10) })),
  );
}

/** The one split of either side of a transfer: the whole amount to Account Transfer (server-behaviour §3.1). */
export const transferSplits = (amount: Cents, accountTransferId: Id) => [{ key: splitKey(), categoryId: accountTransferId, amount: Math.abs(amount), comment: '' }];

/**
 * The other side of a transfer entered in one account (the dialog's "Transfer to/from account"):
 * the same date and comment, the opposite amount, named after the account it came from or went
 * to, and wholly in Account Transfer, so the two sides net to zero there (server-behaviour §3.1).
 * A loan on the other side moves by its principal: the whole amount.
 */
export function counterTransfer(form: TransactionForm, here: Pick<TransferAccount, 'name'>, accountTransferId: Id): TransactionForm {
  const amount = -form.amount;
  return { ...form, amount, principle: amount, name: transferName(amount, here.name), splits: transferSplits(amount, accountTransferId) };
}
