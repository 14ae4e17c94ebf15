import { UnknownReference } from './domain-error.js';
import type { TransactionDuplicateCleared } from './transaction.events.js';
import type { TransactionState } from './transaction.state.js';

/**
 * "No, these are not duplicates" (server-behaviour §4.3 dedup): clears the flag of a live
 * transaction; one without a flag changes nothing, a deleted or unknown one is 404.
 */
export function decideDedupTransaction(state: TransactionState): TransactionDuplicateCleared[] {
  if (!state.exists || state.deleted) throw new UnknownReference('Transaction');
  if (state.duplicateOf === null) return [];
  return [{ type: 'TransactionDuplicateCleared', data: { transactionId: state.transactionId } }];
}
