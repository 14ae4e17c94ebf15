import { describe, expect, it } from 'vitest';
import { channelOf, contributions, Deltas, evolve, splitSums, type Fact, type TransactionFactEvent } from './facts.js';

const user = 'u1';
const transfer = 'cat-transfer';
const recorded = (over: Partial<{ kind: string; date: string; amount: number; principle: number | null; pending: boolean; splits: { categoryId: string; amount: number }[]; account: boolean }> = {}): TransactionFactEvent => ({
  type: 'TransactionRecorded',
  data: {
    transactionId: 't1', kind: over.kind ?? 'manual', date: over.date ?? '2025-02-10',
    splits: over.splits ?? [{ categoryId: 'dining', amount: -30 }, { categoryId: transfer, amount: -20 }],
    account: over.account === false ? null : { accountId: 'a1', name: 'Diner', amount: over.amount ?? -50, principle: over.principle ?? null, pending: over.pending ?? false },
  },
});
const fold = (events: TransactionFactEvent[]) => events.reduce<Fact | null>((fact, event, i) => evolve(fact, event, user, BigInt(i + 1), transfer) ?? fact, null);

describe('a transaction as the reports see it', () => {
  it('given a split manual row, then the Account Transfer part is known and left out of income, expenses and the payee', () => {
    const fact = fold([recorded()])!;
    expect(fact).toMatchObject({ type: 5, amount: -50, transferCents: -20, channel: 'unknown', payee: 'Diner' });
    expect(contributions(fact)).toEqual({
      accountDays: [{ key: [user, 'a1', '2025-02-10'], sums: [-50, -50, 0, -30, 1] }],
      payeeMonths: [{ key: [user, 'a1', '2025-02-01', 'Diner', 'unknown'], sums: [-30, 1] }],
      categoryMonths: [
        { key: [user, 'dining', 'a1', '2025-02-01', '5'], sums: [-30, 1] },
        { key: [user, transfer, 'a1', '2025-02-01', '5'], sums: [-20, 1] },
      ],
    });
  });

  it('given a row wholly in Account Transfer (a typed or paired transfer), then it is neither income, expense nor a payee; moved back out, it is again', () => {
    const bank = recorded({ kind: 'regular', amount: -20_000, splits: [{ categoryId: 'unassigned', amount: -20_000 }] });
    const before = fold([bank])!;
    expect(contributions(before).payeeMonths).toEqual([{ key: [user, 'a1', '2025-02-01', 'Diner', 'unknown'], sums: [-20_000, 1] }]);
    expect(contributions(before).accountDays[0]!.sums).toEqual([-20_000, -20_000, 0, -20_000, 1]);
    const intoTransfer: TransactionFactEvent = { type: 'TransactionChanged', data: { transactionId: 't1', changes: { splits: { to: [{ categoryId: transfer, amount: -20_000 }] } } } };
    const paired = fold([bank, intoTransfer])!;
    expect(paired.transferCents).toBe(-20_000);
    expect(contributions(paired).payeeMonths).toEqual([]);
    // The account still moves (net worth); income and expenses see nothing.
    expect(contributions(paired).accountDays[0]!.sums).toEqual([-20_000, -20_000, 0, 0, 1]);
    const back: TransactionFactEvent = { type: 'TransactionChanged', data: { transactionId: 't1', changes: { splits: { to: [{ categoryId: 'unassigned', amount: -20_000 }] } } } };
    expect(contributions(fold([bank, intoTransfer, back]))).toEqual(contributions(before));
    // A 0.00 row is still its payee's (nothing in Account Transfer).
    expect(contributions(fold([recorded({ amount: 0, splits: [] })])).payeeMonths).toHaveLength(1);
  });

  it('given a pending row, then only its categories count it; deleted, it counts nowhere; restored, again', () => {
    const pending = fold([recorded({ pending: true })])!;
    expect(contributions(pending).accountDays).toEqual([]);
    expect(contributions(pending).payeeMonths).toEqual([]);
    expect(contributions(pending).categoryMonths).toHaveLength(2);
    const deleted = fold([recorded(), { type: 'TransactionDeleted', data: { transactionId: 't1' } }]);
    expect(contributions(deleted)).toEqual({ accountDays: [], payeeMonths: [], categoryMonths: [] });
    const restored = fold([recorded(), { type: 'TransactionDeleted', data: { transactionId: 't1' } }, { type: 'TransactionRestored', data: { transactionId: 't1' } }]);
    expect(contributions(restored)).toEqual(contributions(fold([recorded()])));
  });

  it('given an edit of amount, date and splits, then the net change moves the old contribution to the new one', () => {
    const before = fold([recorded()])!;
    const after = evolve(before, { type: 'TransactionChanged', data: { transactionId: 't1', changes: { amount: { to: -90 }, date: { to: '2025-03-01' }, splits: { to: [{ categoryId: 'dining', amount: -90 }] } } } }, user, 9n, transfer)!;
    const deltas = new Deltas();
    deltas.add(contributions(before), -1);
    deltas.add(contributions(after), 1);
    expect(deltas.rows('accountDays')).toEqual([
      { key: [user, 'a1', '2025-02-10'], sums: [50, 50, 0, 30, -1] },
      { key: [user, 'a1', '2025-03-01'], sums: [-90, -90, 0, -90, 1] },
    ]);
    expect(deltas.rows('categoryMonths').map((r) => [r.key[1], r.key[3], r.sums])).toEqual([
      ['dining', '2025-02-01', [30, -1]], [transfer, '2025-02-01', [20, -1]], ['dining', '2025-03-01', [-90, 1]],
    ]);
  });

  it('given a replayed or stale event, then nothing changes', () => {
    const fact = fold([recorded()])!;
    expect(evolve(fact, recorded(), user, 5n, transfer)).toBeNull();
    expect(evolve(fact, { type: 'TransactionDeleted', data: { transactionId: 't1' } }, user, fact.seq, transfer)).toBeNull();
    expect(evolve(null, { type: 'TransactionDeleted', data: { transactionId: 't1' } }, user, 1n, transfer)).toBeNull();
  });

  it('given a starting balance, a funding and a loan payment, then each counts where it belongs', () => {
    expect(contributions(fold([recorded({ kind: 'starting-balance', amount: 1000, splits: [{ categoryId: 'pool', amount: 1000 }] })])).accountDays).toEqual([]);
    const funding = contributions(fold([recorded({ kind: 'funding', account: false, splits: [{ categoryId: 'groceries', amount: 300 }, { categoryId: 'pool', amount: -300 }] })]));
    expect(funding.accountDays).toEqual([]);
    expect(funding.categoryMonths.map((r) => [r.key[1], r.key[2], r.key[4], r.sums])).toEqual([
      ['groceries', '00000000-0000-0000-0000-000000000000', '2', [300, 1]], ['pool', '00000000-0000-0000-0000-000000000000', '2', [-300, 1]],
    ]);
    expect(contributions(fold([recorded({ amount: 500, principle: 400, splits: [] })])).accountDays[0]!.sums).toEqual([500, 400, 500, 0, 1]);
  });

  it('sums lines per category, dropping a category whose lines are all zero; maps Plaid channels', () => {
    expect(splitSums([{ categoryId: 'a', amount: 5 }, { categoryId: 'b', amount: 0 }, { categoryId: 'a', amount: -2 }])).toEqual([{ categoryId: 'a', amount: 3 }]);
    expect(['in store', 'online', 'other', 'weird', null, undefined].map(channelOf)).toEqual(['instore', 'online', 'other', 'unknown', 'unknown', 'unknown']);
  });
});
