import { describe, expect, it } from 'vitest';
import type { Split, TransactionEvent } from '../transaction.events.js';
import { foldTransaction, initialTransactionState } from '../transaction.state.js';
import { bankRowName, bankRowTransactionId, decideBankRemoval, decideBankRow, replacedTransactionId, type BankRow } from './bank-row.decide.js';
import { bankTransactionId } from './bank-transaction-id.js';

const context = { unassignedCategoryId: 'unassigned', assigned: null };
const row = (overrides: Partial<BankRow> = {}): BankRow => ({
  accountId: 'acc-1',
  provider: 'plaid',
  providerTransactionId: 'tx-1',
  pendingTransactionId: null,
  date: '2025-03-05',
  name: 'COFFEE',
  amount: -475,
  pending: false,
  ...overrides,
});
const stored = (r: BankRow, ...later: TransactionEvent[]) =>
  foldTransaction([...decideBankRow(r, initialTransactionState, null, context).row, ...later]);
const split = (categoryId: string, amount: number): Split => ({ categoryId, amount, comment: null });

describe('the derived transaction id of a bank row', () => {
  it('is the RFC 4122 version 5 UUID of (account, provider, provider id): same row, same stream, always', () => {
    // The value the `uuid` package's v5 gives for the same namespace and name.
    expect(bankTransactionId('acc-1', 'plaid', 'tx-1')).toBe('fd50e731-f034-5a92-9c60-215df20b7db5');
    expect(bankTransactionId('ACC-1', 'plaid', 'tx-1')).toBe(bankTransactionId('acc-1', 'plaid', 'tx-1'));
  });

  it('differs by account, by provider and by provider id', () => {
    const ids = new Set([
      bankTransactionId('acc-1', 'plaid', 'tx-1'), bankTransactionId('acc-2', 'plaid', 'tx-1'),
      bankTransactionId('acc-1', 'ofx', 'tx-1'), bankTransactionId('acc-1', 'plaid', 'tx-2'),
    ]);
    expect(ids.size).toBe(4);
  });
});

describe('a new bank row', () => {
  it('lands in Unassigned with the whole amount, as a regular Plaid row under its derived id (rules 1, 2)', () => {
    const { row: events, replaced } = decideBankRow(row(), initialTransactionState, null, context);
    expect(replaced).toEqual([]);
    expect(events).toEqual([{
      type: 'TransactionRecorded',
      data: {
        transactionId: bankRowTransactionId(row()), kind: 'regular', date: '2025-03-05', comment: null, splits: [split('unassigned', -475)],
        account: { accountId: 'acc-1', name: 'COFFEE', amount: -475, principle: null, pending: false, provider: 'PLAID', providerTransactionId: 'tx-1', statementId: null },
      },
    }]);
  });

  it('takes the splits a rule gives it, unless they do not sum to the amount', () => {
    const ruled = decideBankRow(row(), initialTransactionState, null, { ...context, assigned: [split('dining', -400), split('tips', -75)] });
    expect((ruled.row[0]!.data as { splits: Split[] }).splits).toEqual([split('dining', -400), split('tips', -75)]);
    const wrong = decideBankRow(row(), initialTransactionState, null, { ...context, assigned: [split('dining', -400)] });
    expect((wrong.row[0]!.data as { splits: Split[] }).splits).toEqual([split('unassigned', -475)]);
  });

  it('keeps a name the API would accept: control characters out, at most 500 characters, never empty', () => {
    expect(bankRowName('  A\u0000B\nC  ')).toBe('A B C');
    expect(bankRowName('x'.repeat(200_000))).toHaveLength(500);
    expect(bankRowName(' \u0007 ')).toBe('Bank transaction');
  });
});

describe('pending → posted (rule 4)', () => {
  const pending = row({ providerTransactionId: 'p-1', amount: -2000, pending: true });
  const posted = row({ providerTransactionId: 'tx-9', pendingTransactionId: 'p-1', amount: -2350, pending: false, date: '2025-03-07' });
  // The user assigned the pending −20.00 to Dining.
  const assigned = stored(pending, { type: 'TransactionChanged', data: { transactionId: bankRowTransactionId(pending), changes: { splits: { from: [split('unassigned', -2000)], to: [split('dining', -2000)] } } } });

  it('matches the pending row by pending_transaction_id', () => {
    expect(replacedTransactionId(posted)).toBe(bankRowTransactionId(pending));
    expect(replacedTransactionId(pending)).toBeNull();
  });

  it('the user\'s one category follows the posted amount (Dining −23.50, the tipped bill); the pending row is retired', () => {
    const { row: events, replaced } = decideBankRow(posted, initialTransactionState, assigned, context);
    const recorded = events[0]!;
    expect(recorded.type).toBe('TransactionRecorded');
    expect((recorded.data as { splits: Split[] }).splits).toEqual([split('dining', -2350)]);
    expect(recorded.data).not.toHaveProperty('review');
    expect(replaced).toEqual([{ type: 'TransactionDeleted', data: { transactionId: bankRowTransactionId(pending) } }]);
  });

  it('keeps the splits even when the pending row\'s removal was applied first (weak point 18: the posted row is never dropped)', () => {
    const removedFirst = foldTransaction([
      ...decideBankRow(pending, initialTransactionState, null, context).row,
      { type: 'TransactionChanged', data: { transactionId: bankRowTransactionId(pending), changes: { splits: { from: [], to: [split('dining', -2000)] } } } },
      ...decideBankRemoval(assigned),
    ]);
    expect(removedFirst.deleted).toBe(true);
    const { row: events, replaced } = decideBankRow(posted, initialTransactionState, removedFirst, context);
    expect((events[0]!.data as { splits: Split[] }).splits).toEqual([split('dining', -2350)]);
    expect(replaced).toEqual([]);
  });

  it('a hand-made split over several categories keeps its lines, sends the difference to Unassigned and is marked for review', () => {
    const handMade = stored(pending, { type: 'TransactionChanged', data: { transactionId: bankRowTransactionId(pending), changes: { splits: { from: [split('unassigned', -2000)], to: [split('dining', -1500), split('tips', -500)] } } } });
    const [recorded] = decideBankRow(posted, initialTransactionState, handMade, context).row;
    expect((recorded!.data as { splits: Split[] }).splits).toEqual([split('dining', -1500), split('tips', -500), split('unassigned', -350)]);
    expect(recorded!.data).toMatchObject({ review: true });
  });

  it('a rule\'s split is applied again to the posted amount: the rule\'s own split when it still claims the row, else the same shares', () => {
    const [first] = decideBankRow(pending, initialTransactionState, null, { ...context, assigned: [split('dining', -1000), split('tips', -1000)] }).row;
    const ruled = foldTransaction([{ ...first!, data: { ...first!.data, autoAssignment: { ruleId: 'r', ruleName: 'Bistro', searchString: 'bistro' } } } as TransactionEvent]);
    expect(ruled.ruleSplits).toBe(true);
    const again = decideBankRow(posted, initialTransactionState, ruled, { ...context, assigned: [split('dining', -1175), split('tips', -1175)] }).row[0]!;
    expect((again.data as { splits: Split[] }).splits).toEqual([split('dining', -1175), split('tips', -1175)]);
    const shares = decideBankRow({ ...posted, amount: -2351 }, initialTransactionState, ruled, context).row[0]!;
    expect((shares.data as { splits: Split[] }).splits).toEqual([split('dining', -1176), split('tips', -1175)]);
    expect(shares.data).not.toHaveProperty('review');
  });

  it('is recorded in Unassigned when the pending row was never seen', () => {
    const { row: events, replaced } = decideBankRow(posted, initialTransactionState, initialTransactionState, context);
    expect((events[0]!.data as { splits: Split[] }).splits).toEqual([split('unassigned', -2350)]);
    expect(replaced).toEqual([]);
  });
});

describe('a row already stored', () => {
  it('appends nothing when it comes again unchanged (a re-fetch after a crash)', () => {
    expect(decideBankRow(row(), stored(row()), null, context)).toEqual({ row: [], replaced: [] });
  });

  it('takes a modified amount, date, name and pending flag; the amount difference goes to Unassigned, the user\'s splits stay', () => {
    const state = stored(row(), { type: 'TransactionChanged', data: { transactionId: bankRowTransactionId(row()), changes: { splits: { from: [], to: [split('dining', -475)] } } } });
    const [changed] = decideBankRow(row({ amount: -600, date: '2025-03-06', name: 'COFFEE SHOP', pending: true }), state, null, context).row;
    expect(changed).toEqual({
      type: 'TransactionChanged',
      data: {
        transactionId: bankRowTransactionId(row()),
        changes: {
          amount: { from: -475, to: -600 },
          splits: { from: [split('dining', -475)], to: [split('dining', -475), split('unassigned', -125)] },
          date: { from: '2025-03-05', to: '2025-03-06' },
          name: { from: 'COFFEE', to: 'COFFEE SHOP' },
          pending: { from: false, to: true },
        },
      },
    });
  });

  it('stays deleted once removed or deleted', () => {
    const state = stored(row(), ...decideBankRemoval(stored(row())));
    expect(decideBankRow(row({ amount: -1 }), state, null, context).row).toEqual([]);
  });
});

describe('a removed row (weak point 10)', () => {
  it('is deleted once, like a user delete, so the projection reverses it fully; unknown or already deleted: nothing', () => {
    const state = stored(row());
    expect(decideBankRemoval(state)).toEqual([{ type: 'TransactionDeleted', data: { transactionId: bankRowTransactionId(row()) } }]);
    expect(decideBankRemoval(foldTransaction([...decideBankRow(row(), initialTransactionState, null, context).row, ...decideBankRemoval(state)]))).toEqual([]);
    expect(decideBankRemoval(initialTransactionState)).toEqual([]);
  });
});
