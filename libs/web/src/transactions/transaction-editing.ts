import { TransactionType, type TransactionData } from '../register/transaction-data.js';

/**
 * Which rows open the transaction edit dialog (spec §4 "Editing a transaction"): bank and manual
 * rows do; a starting balance cannot be opened or deleted; transfers, funding and rebalances
 * belong to their own dialogs.
 */
export function opensEditDialog(transaction: TransactionData): boolean {
  return transaction.type === TransactionType.Regular || transaction.type === TransactionType.Manual;
}

/** Bank-supplied rows keep the bank's date, name and amount (spec §5). */
export const isBankRow = (transaction: TransactionData) => transaction.type === TransactionType.Regular;

/** Why a row does not open, for its tooltip; null when it opens. */
export function closedReason(transaction: TransactionData): string | null {
  if (opensEditDialog(transaction)) return null;
  if (transaction.type === TransactionType.StartingBalance) return 'A starting balance cannot be edited or deleted';
  return 'Edited from the budget screens';
}
