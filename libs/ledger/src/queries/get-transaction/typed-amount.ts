import type { Cents } from '@budget/money';
import type { StoredEvent } from '@budget/platform';
import type { TransactionEvent } from '../../domain/transaction.events.js';
import { reviewEffect, reviewOnRecord } from '../../projection/review-state.js';

/**
 * The amount the user typed on a row the bank's row claimed at another amount (the tipped bill,
 * docs/architecture.md §9 "The tipped bill, shown"): the `from` of the first bank change of its
 * amount since the row was last reviewed — the same walk of effects that keeps `review_reason`
 * (`reviewEffect`: a review or the user's own edit starts it over, a later bank change keeps the
 * first reason). Null when the row is not new for that reason.
 */
export function typedAmountOf(events: readonly StoredEvent[]): Cents | null {
  let typed: Cents | null = null;
  let reason: string | null = null;
  for (const stored of events) {
    const event = stored as StoredEvent & TransactionEvent;
    if (event.type === 'TransactionRecorded') {
      [typed, reason] = [null, reviewOnRecord(event)];
      continue;
    }
    const effect = reviewEffect(event);
    if (effect.kind === 'clear') [typed, reason] = [null, null];
    else if (effect.kind === 'set') [typed, reason] = [null, effect.reason];
    else if (effect.kind === 'flag' && reason === null && event.type === 'TransactionChanged' && event.data.changes.amount) {
      [typed, reason] = [event.data.changes.amount.from, effect.reason];
    }
  }
  return reason === 'amount' ? typed : null;
}
