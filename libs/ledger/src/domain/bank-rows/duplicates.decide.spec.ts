import { describe, expect, it } from 'vitest';
import { decideDedupTransaction } from '../dedup-transaction.decide.js';
import { UnknownReference } from '../domain-error.js';
import { foldTransaction, initialTransactionState } from '../transaction.state.js';
import { decideBankRow, type BankRow } from './bank-row.decide.js';
import { decideDuplicates, type DuplicateCandidate, type DuplicateProbe } from './duplicates.decide.js';

const probe = (overrides: Partial<DuplicateProbe> = {}): DuplicateProbe => ({ transactionId: 'bank-1', accountId: 'acc-1', amount: -4200, date: '2025-03-10', ...overrides });
const manual = (overrides: Partial<DuplicateCandidate> = {}): DuplicateCandidate => ({ transactionId: 'manual-1', accountId: 'acc-1', amount: -4200, date: '2025-03-10', ...overrides });

describe('the duplicate rule: a new bank row and an existing manual, OFX or CSV row', () => {
  it('flags the same account and amount on the same day', () => {
    expect(decideDuplicates([probe()], [manual()])).toEqual(new Map([['bank-1', 'manual-1']]));
  });

  it('flags dates up to 3 days apart either way, not 4 (across a month end too)', () => {
    for (const date of ['2025-03-07', '2025-03-13']) expect(decideDuplicates([probe()], [manual({ date })]).get('bank-1')).toBe('manual-1');
    for (const date of ['2025-03-06', '2025-03-14']) expect(decideDuplicates([probe()], [manual({ date })]).size).toBe(0);
    expect(decideDuplicates([probe({ date: '2025-03-01' })], [manual({ date: '2025-02-26' })]).get('bank-1')).toBe('manual-1');
    expect(decideDuplicates([probe({ date: '2025-03-01' })], [manual({ date: '2025-02-25' })]).size).toBe(0);
  });

  it('never flags another amount (a cent off) or another account', () => {
    expect(decideDuplicates([probe()], [manual({ amount: -4201 }), manual({ amount: 4200 }), manual({ accountId: 'acc-2' })]).size).toBe(0);
  });

  it('claims an original once: a second bank row like it is not flagged, nor one whose original an earlier chunk took', () => {
    const claimed = new Set<string>();
    const first = decideDuplicates([probe(), probe({ transactionId: 'bank-2' })], [manual()], claimed);
    expect(first).toEqual(new Map([['bank-1', 'manual-1']]));
    expect(claimed).toEqual(new Set(['manual-1']));
    expect(decideDuplicates([probe({ transactionId: 'bank-3' })], [manual()], claimed).size).toBe(0);
  });

  it('takes the closest date, then the lowest id, whatever the order of the candidates', () => {
    const candidates = [manual({ transactionId: 'm-far', date: '2025-03-12' }), manual({ transactionId: 'm-b', date: '2025-03-09' }), manual({ transactionId: 'm-a', date: '2025-03-11' })];
    expect(decideDuplicates([probe()], candidates).get('bank-1')).toBe('m-a');
    expect(decideDuplicates([probe()], [...candidates].reverse()).get('bank-1')).toBe('m-a');
    // Two bank rows, two originals: each gets one.
    expect(decideDuplicates([probe(), probe({ transactionId: 'bank-2' })], candidates)).toEqual(new Map([['bank-1', 'm-a'], ['bank-2', 'm-b']]));
  });
});

describe('a flagged bank row', () => {
  const row: BankRow = {
    accountId: 'acc-1', provider: 'plaid', providerTransactionId: 'tx-1', pendingTransactionId: null, date: '2025-03-10', name: 'COFFEE', amount: -4200, pending: true,
  };
  const context = { unassignedCategoryId: 'unassigned', assigned: null };

  it('carries the flag on its event and its state; an unflagged row carries none', () => {
    const flagged = decideBankRow(row, initialTransactionState, null, { ...context, duplicateOf: 'manual-1' }).row;
    expect(flagged[0]).toMatchObject({ type: 'TransactionRecorded', data: { duplicateOfTransactionId: 'manual-1' } });
    expect(foldTransaction(flagged).duplicateOf).toBe('manual-1');
    const plain = decideBankRow(row, initialTransactionState, null, context).row;
    expect(plain[0]!.data).not.toHaveProperty('duplicateOfTransactionId');
  });

  it('keeps its flag when it posts, and a cleared flag stays cleared', () => {
    const pending = foldTransaction(decideBankRow(row, initialTransactionState, null, { ...context, duplicateOf: 'manual-1' }).row);
    const posted: BankRow = { ...row, providerTransactionId: 'tx-2', pendingTransactionId: 'tx-1', pending: false };
    expect(decideBankRow(posted, initialTransactionState, pending, context).row[0]).toMatchObject({ data: { duplicateOfTransactionId: 'manual-1' } });
    const cleared = foldTransaction([...decideBankRow(row, initialTransactionState, null, { ...context, duplicateOf: 'manual-1' }).row, ...decideDedupTransaction(pending)]);
    expect(cleared.duplicateOf).toBeNull();
    expect(decideBankRow(posted, initialTransactionState, cleared, { ...context, duplicateOf: 'manual-2' }).row[0]!.data).not.toHaveProperty('duplicateOfTransactionId');
  });

  it('dedup clears the flag once; nothing more the second time; a deleted or unknown row is not found', () => {
    const flagged = foldTransaction(decideBankRow(row, initialTransactionState, null, { ...context, duplicateOf: 'manual-1' }).row);
    const events = decideDedupTransaction(flagged);
    expect(events).toEqual([{ type: 'TransactionDuplicateCleared', data: { transactionId: flagged.transactionId } }]);
    expect(decideDedupTransaction(foldTransaction([...decideBankRow(row, initialTransactionState, null, { ...context, duplicateOf: 'manual-1' }).row, ...events]))).toEqual([]);
    expect(() => decideDedupTransaction(initialTransactionState)).toThrow(UnknownReference);
    expect(() => decideDedupTransaction({ ...flagged, deleted: true })).toThrow(UnknownReference);
  });
});
