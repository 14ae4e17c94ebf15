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
      progressDays: [
        { key: [user, '2025-02-10', 'dining', 'a1'], sums: [0, -30, 1] },
        { key: [user, '2025-02-10', transfer, 'a1'], sums: [0, -20, 1] },
      ],
      // One row counted once, under its categories' set (sorted: 'cat-transfer' before 'dining').
      progressSets: [{ key: [user, '2025-02-10', 'a1', `${transfer},dining`], sums: [1] }],
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
    expect(contributions(deleted)).toEqual({ accountDays: [], payeeMonths: [], categoryMonths: [], progressDays: [], progressSets: [] });
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

  it('given budget progress: a funding adds to its categories\' funded sums and to no set; rebalances and starting balances add nothing; a pending row counts', () => {
    const none = '00000000-0000-0000-0000-000000000000';
    const funding = contributions(fold([recorded({ kind: 'funding', account: false, splits: [{ categoryId: 'groceries', amount: 300 }, { categoryId: 'pool', amount: -300 }] })]));
    expect(funding.progressDays).toEqual([
      { key: [user, '2025-02-10', 'groceries', none], sums: [300, 0, 1] },
      { key: [user, '2025-02-10', 'pool', none], sums: [-300, 0, 1] },
    ]);
    expect(funding.progressSets).toEqual([]);
    for (const kind of ['rebalance', 'starting-balance']) {
      const out = contributions(fold([recorded({ kind, splits: [{ categoryId: 'groceries', amount: 50 }] })]));
      expect([out.progressDays, out.progressSets], kind).toEqual([[], []]);
    }
    const pending = contributions(fold([recorded({ pending: true, splits: [{ categoryId: 'groceries', amount: -50 }] })]));
    expect(pending.progressDays).toEqual([{ key: [user, '2025-02-10', 'groceries', 'a1'], sums: [0, -50, 1] }]);
    expect(pending.progressSets).toEqual([{ key: [user, '2025-02-10', 'a1', 'groceries'], sums: [1] }]);
    // A row without categories is in no category's day.
    expect(contributions(fold([recorded({ splits: [] })])).progressSets).toEqual([]);
  });

  it('given a split moved to other categories and another day, then the old day and set lose it and the new ones gain it', () => {
    const before = fold([recorded()])!;
    const after = evolve(before, { type: 'TransactionChanged', data: { transactionId: 't1', changes: { date: { to: '2025-02-11' }, splits: { to: [{ categoryId: 'dining', amount: -50 }] } } } }, user, 9n, transfer)!;
    const deltas = new Deltas();
    deltas.add(contributions(before), -1);
    deltas.add(contributions(after), 1);
    expect(deltas.rows('progressSets')).toEqual([
      { key: [user, '2025-02-10', 'a1', `${transfer},dining`], sums: [-1] },
      { key: [user, '2025-02-11', 'a1', 'dining'], sums: [1] },
    ]);
    expect(deltas.rows('progressDays').map((r) => [r.key[1], r.key[2], r.sums])).toEqual([
      ['2025-02-10', 'dining', [0, 30, -1]], ['2025-02-10', transfer, [0, 20, -1]], ['2025-02-11', 'dining', [0, -50, 1]],
    ]);
  });

  it('sums lines per category, dropping a category whose lines are all zero; maps Plaid channels', () => {
    expect(splitSums([{ categoryId: 'a', amount: 5 }, { categoryId: 'b', amount: 0 }, { categoryId: 'a', amount: -2 }])).toEqual([{ categoryId: 'a', amount: 3 }]);
    expect(['in store', 'online', 'other', 'weird', null, undefined].map(channelOf)).toEqual(['instore', 'online', 'other', 'unknown', 'unknown', 'unknown']);
  });
});
