import type { ImportedRow } from './import/imported-row.js';
import { routeDeltaToUnassigned } from './splits.js';
import type { TransactionChanged, TransactionRestored } from './transaction.events.js';
import type { TransactionState } from './transaction.state.js';

/**
 * A row that is already stored comes in again (same FITID or fingerprint): nothing happens when
 * it is the same; a deleted one is restored; a changed amount moves into the Unassigned split so
 * the splits still sum to the amount (the original left them out of balance).
 */
export function decideReimport(row: ImportedRow, state: TransactionState, unassignedCategoryId: string): (TransactionRestored | TransactionChanged)[] {
  const account = state.account;
  if (!state.exists || !account) return [];
  const events: (TransactionRestored | TransactionChanged)[] = [];
  if (state.deleted) events.push({ type: 'TransactionRestored', data: { transactionId: state.transactionId } });
  const changes: TransactionChanged['data']['changes'] = {};
  if (row.amount !== account.amount) {
    changes.amount = { from: account.amount, to: row.amount };
    changes.splits = { from: state.splits, to: routeDeltaToUnassigned(state.splits, row.amount - account.amount, unassignedCategoryId) };
  }
  if (row.date !== state.date) changes.date = { from: state.date, to: row.date };
  if (row.name !== account.name) changes.name = { from: account.name, to: row.name };
  if (Object.keys(changes).length > 0) events.push({ type: 'TransactionChanged', data: { transactionId: state.transactionId, changes } });
  return events;
}
