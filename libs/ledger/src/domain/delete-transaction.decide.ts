import { ForbiddenChange, UnknownReference } from './domain-error.js';
import type { TransactionDeleted } from './transaction.events.js';
import type { TransactionState } from './transaction.state.js';

/**
 * Soft delete that reverses fully (rule 11). Deleting an already deleted transaction changes
 * nothing: the projection reverses a transaction once, when this event is applied.
 */
export function decideDeleteTransaction(state: TransactionState, by: 'user' | 'system' = 'user'): TransactionDeleted[] {
  if (!state.exists) throw new UnknownReference('Transaction');
  if (state.deleted) return [];
  if (state.kind === 'starting-balance' && by === 'user') throw new ForbiddenChange('A starting balance cannot be deleted.');
  return [{ type: 'TransactionDeleted', data: { transactionId: state.transactionId } }];
}
