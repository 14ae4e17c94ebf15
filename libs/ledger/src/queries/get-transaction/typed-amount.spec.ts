import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '@budget/platform';
import { typedAmountOf } from './typed-amount.js';

let revision = 0;
const stored = (type: string, data: object, actor = 'plaid') =>
  ({ type, data, metadata: { userId: 'u', actor }, streamId: 'transaction-t', revision: revision++, position: BigInt(revision) }) as unknown as StoredEvent;
const typed = stored('TransactionRecorded', { transactionId: 't', splits: [], account: { provider: 'NONE', amount: -3000 } }, 'user');
const claimed = stored('TransactionChanged', { transactionId: 't', changes: { providerTransactionId: { from: null, to: 'p1' } } });
const tipped = (from: number, to: number) => stored('TransactionChanged', { transactionId: 't', changes: { amount: { from, to } } });

describe('typedAmountOf (the tipped bill, docs/architecture.md §9)', () => {
  it('is the amount typed before the first bank change of it, kept through later bank changes', () => {
    expect(typedAmountOf([typed, claimed])).toBeNull();
    expect(typedAmountOf([typed, claimed, tipped(-3000, -3650)])).toBe(-3000);
    expect(typedAmountOf([typed, claimed, tipped(-3000, -3650), tipped(-3650, -3700)])).toBe(-3000);
  });

  it('starts over once the row is reviewed or the user edits it', () => {
    const reviewed = stored('TransactionReviewed', { transactionId: 't', reviewed: true }, 'user');
    const edit = stored('TransactionChanged', { transactionId: 't', changes: { comment: { from: null, to: 'tip' } } }, 'user');
    expect(typedAmountOf([typed, claimed, tipped(-3000, -3650), reviewed])).toBeNull();
    expect(typedAmountOf([typed, claimed, tipped(-3000, -3650), edit])).toBeNull();
    expect(typedAmountOf([typed, claimed, tipped(-3000, -3650), reviewed, tipped(-3650, -3800)])).toBe(-3650);
  });

  it('is null for a row new for another reason (a synced row the bank changed; a split that could not follow)', () => {
    const synced = stored('TransactionRecorded', { transactionId: 't', splits: [], account: { provider: 'PLAID', amount: -3000 } });
    expect(typedAmountOf([synced, tipped(-3000, -3650)])).toBeNull();
    const split = stored('TransactionChanged', { transactionId: 't', changes: { amount: { from: -3000, to: -3650 } }, review: true });
    expect(typedAmountOf([typed, claimed, split])).toBeNull();
  });
});
