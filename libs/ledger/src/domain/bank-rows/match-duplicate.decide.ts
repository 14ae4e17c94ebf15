import { UnknownReference } from '../domain-error.js';
import type { TransactionEvent } from '../transaction.events.js';
import type { TransactionState } from '../transaction.state.js';
import { decideClaim } from './claim.decide.js';
import { bankRowTransactionId, type BankRow } from './bank-row.decide.js';

/**
 * "Yes, these are duplicates" (docs/architecture.md §8): a flagged bank row and the row it was
 * flagged against. When that original is a typed row (manual, not matched to a bank row), it claims
 * the bank row exactly as a sync's claim does (`decideClaim`: the bank's id and date; the user's
 * name, memo and splits) and the bank row is deleted, with `BankRowClaimed` on its stream so later
 * copies of it from the bank go to the typed row. Any other original (an OFX or CSV row): the bank
 * row is deleted, as DELETE does. A row that is not a live flagged bank row is 404.
 */
export function decideMatchDuplicate(bank: TransactionState, original: TransactionState, unassignedCategoryId: string): { bank: TransactionEvent[]; original: TransactionEvent[] } {
  const part = bank.account;
  if (!bank.exists || bank.deleted || bank.duplicateOf === null || !part || part.provider !== 'PLAID' || part.providerTransactionId === null) throw new UnknownReference('Transaction');
  const deleted: TransactionEvent = { type: 'TransactionDeleted', data: { transactionId: bank.transactionId } };
  const typed = original.exists && !original.deleted && original.kind === 'manual' && original.account?.provider === 'NONE' && original.account.providerTransactionId === null;
  if (!typed) return { bank: [deleted], original: [] };
  const row: BankRow = {
    accountId: part.accountId, provider: 'plaid', providerTransactionId: part.providerTransactionId, pendingTransactionId: null,
    date: bank.date, name: part.name, amount: part.amount, pending: part.pending,
  };
  const claim = decideClaim(row, bankRowTransactionId(row), original, null, unassignedCategoryId, null);
  if (claim.bank.length === 0) return { bank: [deleted], original: [] };
  return { bank: [deleted, { type: 'BankRowClaimed', data: { transactionId: bank.transactionId, claimedBy: original.transactionId } }], original: claim.typed };
}
