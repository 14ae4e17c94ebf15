import { UnknownReference } from './domain-error.js';
import type { TransactionReviewed } from './transaction.events.js';
import type { TransactionState } from './transaction.state.js';

/**
 * Mark a row reviewed (or new again): docs/architecture.md §4.6 "Review state". A deleted or
 * unknown row is 404; a row whose last event already marked it so changes nothing (a second click,
 * a retry), anything that happened to it since (a bank change, an edit) makes the mark count again.
 */
export function decideReviewTransaction(state: TransactionState, reviewed: boolean): TransactionReviewed[] {
  if (!state.exists || state.deleted || state.claimedBy !== null) throw new UnknownReference('Transaction');
  if (state.reviewMark === reviewed) return [];
  return [{ type: 'TransactionReviewed', data: { transactionId: state.transactionId, reviewed } }];
}
