import type { StoredEvent } from '@budget/platform';
import type { TransactionEvent } from '../domain/transaction.events.js';

/**
 * Why a row is "new" in the register (docs/architecture.md §4.6 "Review state"), or null when it is
 * reviewed. Kept in `ledger_transactions.review_reason` from the events and their actor alone, so
 * the per-event path, the set-based paths and a rebuild agree:
 * - `synced` / `imported`: a row the bank sync, or an OFX or CSV import, recorded;
 * - `amount`: a typed row the bank's row claimed at another amount (the tipped bill);
 * - `split`: a hand-made split that could not follow the bank's new amount (the difference is in Unassigned);
 * - `marked`: the user marked the row as new again.
 */
export const REVIEW_REASONS = ['synced', 'imported', 'amount', 'split', 'marked'] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

/** What an event does to the review state: leave it, clear it (reviewed), or flag it (a reason already there stays). */
export type ReviewEffect = { kind: 'keep' } | { kind: 'clear' } | { kind: 'flag'; reason: ReviewReason } | { kind: 'set'; reason: ReviewReason };

type Stored<E> = StoredEvent & E;

const BANK_PROVIDERS = new Set(['OFX', 'CSV', 'PLAID']);
const BANK_ACTORS = new Set(['plaid', 'ofx', 'csv', 'system']);

/** The review state a recorded row starts with. */
export function reviewOnRecord(event: Stored<TransactionEvent & { type: 'TransactionRecorded' }>): ReviewReason | null {
  const { account, review, bankAdjustment } = event.data;
  if (review) return 'split';
  if (bankAdjustment || !account || !BANK_PROVIDERS.has(account.provider)) return null;
  return account.provider === 'PLAID' ? 'synced' : 'imported';
}

/** What a later event of the row does to its review state. */
export function reviewEffect(event: Stored<TransactionEvent>): ReviewEffect {
  switch (event.type) {
    case 'TransactionReviewed':
      return event.data.reviewed ? { kind: 'clear' } : { kind: 'set', reason: 'marked' };
    case 'TransactionChanged': {
      const actor = event.metadata.actor;
      // The user's own edit (categorising included) is a review of the row.
      if (actor === 'user') return { kind: 'clear' };
      if (event.data.review) return { kind: 'set', reason: 'split' };
      const c = event.data.changes;
      // The bank's row claimed a typed row, or changed a row's amount: the amount differs from the one typed.
      if (BANK_ACTORS.has(actor) && c.amount !== undefined && c.amount.from !== c.amount.to) return { kind: 'flag', reason: 'amount' };
      return { kind: 'keep' };
    }
    default:
      return { kind: 'keep' };
  }
}

/** The review state after an effect, from the one before. */
export function applyReviewEffect(before: string | null, effect: ReviewEffect): string | null {
  switch (effect.kind) {
    case 'keep':
      return before;
    case 'clear':
      return null;
    case 'flag':
      return before ?? effect.reason;
    case 'set':
      return effect.reason;
  }
}
