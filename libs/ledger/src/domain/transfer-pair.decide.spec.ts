import { describe, expect, it } from 'vitest';
import { RuleViolation, UnknownReference } from './domain-error.js';
import type { TransactionEvent } from './transaction.events.js';
import { foldTransaction } from './transaction.state.js';
import {
  decideConfirmPair, decideDeclinePair, decideFoundPair, foldTransferPair, pairedWith, type PairContext, type PairSide,
} from './transfer-pair.decide.js';
import { transferPairId, type TransferPairEvent } from './transfer-pair.events.js';

const UNASSIGNED = 'cat-unassigned';
const TRANSFER = 'cat-transfer';

function bankRow(id: string, accountId: string, amount: number, date: string, extra: TransactionEvent[] = []): TransactionEvent[] {
  return [
    {
      type: 'TransactionRecorded',
      data: {
        transactionId: id, kind: 'regular', date, comment: null, splits: [{ categoryId: UNASSIGNED, amount, comment: null }],
        account: { accountId, name: `row ${id}`, amount, principle: null, pending: false, provider: 'PLAID', providerTransactionId: id, statementId: null },
      },
    },
    ...extra,
  ];
}
const side = (events: TransactionEvent[], accountName: string): PairSide => ({ state: foldTransaction(events), pairedWith: pairedWith(events), accountName });
const out = bankRow('a', 'checking', -20_000, '2025-03-10');
const into = bankRow('b', 'savings', 20_000, '2025-03-12');
const context: PairContext = { pairId: transferPairId('a', 'b'), unassignedCategoryId: UNASSIGNED, accountTransferCategoryId: TRANSFER };
const none = foldTransferPair([]);

describe('pairing two bank rows as one transfer', () => {
  it('the pair id is the same in either order and differs for another pair', () => {
    expect(transferPairId('a', 'b')).toBe(transferPairId('b', 'a'));
    expect(transferPairId('a', 'b')).not.toBe(transferPairId('a', 'c'));
  });

  it('given two unpaired rows in Unassigned, when found unambiguous, then the pair is recorded and each row moves wholly into Account Transfer naming the other', () => {
    const decision = decideFoundPair(context, none, side(into, 'Savings'), side(out, 'Checking'), true);
    expect(decision.pair).toEqual([{
      type: 'TransferPairRecorded',
      data: {
        pairId: context.pairId, how: 'automatic',
        legs: [
          { transactionId: 'a', accountId: 'checking', accountName: 'Checking', name: 'row a', date: '2025-03-10', amount: -20_000 },
          { transactionId: 'b', accountId: 'savings', accountName: 'Savings', name: 'row b', date: '2025-03-12', amount: 20_000 },
        ],
      },
    }]);
    expect(decision.rows.get('a')).toEqual([{
      type: 'TransactionChanged',
      data: {
        transactionId: 'a',
        changes: { splits: { from: [{ categoryId: UNASSIGNED, amount: -20_000, comment: null }], to: [{ categoryId: TRANSFER, amount: -20_000, comment: null }] } },
        transferPair: { pairId: context.pairId, how: 'automatic', accountName: 'Checking', otherTransactionId: 'b', otherAccountId: 'savings', otherAccountName: 'Savings', otherName: 'row b' },
      },
    }]);
    expect(decision.rows.get('b')![0]!.data.changes.splits!.to).toEqual([{ categoryId: TRANSFER, amount: 20_000, comment: null }]);
  });

  it('given ambiguous candidates, then the pair is only offered; given a pair already offered, recorded or declined, then nothing', () => {
    const offered = decideFoundPair(context, none, side(out, 'Checking'), side(into, 'Savings'), false);
    expect(offered.pair.map((e) => e.type)).toEqual(['TransferPairOffered']);
    expect(offered.rows.size).toBe(0);
    for (const events of [offered.pair, [...offered.pair, { type: 'TransferPairDeclined', data: { pairId: context.pairId } }]] as TransferPairEvent[][]) {
      expect(decideFoundPair(context, foldTransferPair(events), side(out, 'Checking'), side(into, 'Savings'), true).pair).toEqual([]);
    }
  });

  it('given rows that are not a transfer (same account, amounts not opposite, 6 days apart, pending, categorised, deleted, already paired), then nothing', () => {
    const cases: [TransactionEvent[], TransactionEvent[]][] = [
      [out, bankRow('b', 'checking', 20_000, '2025-03-12')],
      [out, bankRow('b', 'savings', 19_999, '2025-03-12')],
      [out, bankRow('b', 'savings', 20_000, '2025-03-16')],
      [out, bankRow('b', 'savings', 20_000, '2025-03-12', [{ type: 'TransactionChanged', data: { transactionId: 'b', changes: { pending: { from: false, to: true } } } }])],
      [out, bankRow('b', 'savings', 20_000, '2025-03-12', [{ type: 'TransactionChanged', data: { transactionId: 'b', changes: { splits: { from: [], to: [{ categoryId: 'groceries', amount: 20_000, comment: null }] } } } }])],
      [out, bankRow('b', 'savings', 20_000, '2025-03-12', [{ type: 'TransactionDeleted', data: { transactionId: 'b' } }])],
      [bankRow('a', 'checking', -20_000, '2025-03-10', [{ type: 'TransactionChanged', data: { transactionId: 'a', changes: {}, transferPair: { pairId: 'p', how: 'automatic', accountName: 'x', otherTransactionId: 'z', otherAccountId: 'y', otherAccountName: 'y', otherName: 'z' } } }]), into],
    ];
    for (const [a, b] of cases) expect(decideFoundPair(context, none, side(a, 'A'), side(b, 'B'), true)).toEqual({ pair: [], rows: new Map() });
    // Five days apart still is one.
    expect(decideFoundPair(context, none, side(out, 'A'), side(bankRow('b', 'savings', 20_000, '2025-03-15'), 'B'), true).pair).toHaveLength(1);
  });

  it('when the user confirms an offered pair, then it is recorded as confirmed; confirmed again, nothing; declined or unknown, refused', () => {
    const offered = foldTransferPair(decideFoundPair(context, none, side(out, 'Checking'), side(into, 'Savings'), false).pair);
    const confirmed = decideConfirmPair(context, offered, side(out, 'Checking'), side(into, 'Savings'));
    expect(confirmed.pair.map((e) => e.type === 'TransferPairRecorded' && e.data.how)).toEqual(['confirmed']);
    expect(confirmed.rows.size).toBe(2);
    const recorded = foldTransferPair(confirmed.pair);
    expect(decideConfirmPair(context, recorded, side(out, 'Checking'), side(into, 'Savings')).pair).toEqual([]);
    expect(() => decideConfirmPair(context, none, side(out, 'Checking'), side(into, 'Savings'))).toThrow(UnknownReference);
    expect(() => decideConfirmPair(context, { ...offered, status: 'declined' }, side(out, 'Checking'), side(into, 'Savings'))).toThrow('These transactions were declined as a transfer.');
    const categorised = bankRow('b', 'savings', 20_000, '2025-03-12', [{ type: 'TransactionChanged', data: { transactionId: 'b', changes: { splits: { from: [], to: [{ categoryId: 'groceries', amount: 20_000, comment: null }] } } } }]);
    expect(() => decideConfirmPair(context, offered, side(out, 'Checking'), side(categorised, 'Savings'))).toThrow('"row b" in Savings has been given a category since.');
  });

  it('when the user declines, then an offered pair is declined once; a recorded pair is refused; an unknown one is not found', () => {
    const offered = foldTransferPair(decideFoundPair(context, none, side(out, 'Checking'), side(into, 'Savings'), false).pair);
    expect(decideDeclinePair(context.pairId, offered)).toEqual([{ type: 'TransferPairDeclined', data: { pairId: context.pairId } }]);
    expect(decideDeclinePair(context.pairId, { ...offered, status: 'declined' })).toEqual([]);
    expect(() => decideDeclinePair(context.pairId, { ...offered, status: 'paired' })).toThrow(RuleViolation);
    expect(() => decideDeclinePair(context.pairId, none)).toThrow(UnknownReference);
  });
});
