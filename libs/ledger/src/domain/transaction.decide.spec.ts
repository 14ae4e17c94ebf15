import { describe, expect, it } from 'vitest';
import { decideDeleteTransaction } from './delete-transaction.decide.js';
import { ForbiddenChange, RuleViolation, UnknownReference } from './domain-error.js';
import { decideEditTransaction, StaleVersion } from './edit-transaction.decide.js';
import { decideRecordAccountTransaction, type RecordAccountTransaction } from './record-transaction.decide.js';
import { decideSetStartingBalance } from './starting-balance.decide.js';
import type { TransactionEvent } from './transaction.events.js';
import { foldTransaction, initialTransactionState } from './transaction.state.js';

const categories = new Set(['unassigned', 'groceries', 'dining', 'household', 'pool']);
const context = { categoryExists: (id: string) => categories.has(id), unassignedCategoryId: 'unassigned', loanAccount: false };
const loan = { ...context, loanAccount: true };

const manual = (overrides: Partial<RecordAccountTransaction> = {}): RecordAccountTransaction => ({
  transactionId: 't1',
  kind: 'manual',
  accountId: 'a1',
  date: '2025-03-05',
  name: 'Market',
  amount: -8000,
  principle: null,
  comment: null,
  splits: [{ categoryId: 'groceries', amount: -8000 }],
  provider: 'NONE',
  providerTransactionId: null,
  pending: false,
  ...overrides,
});

const given = (...commands: RecordAccountTransaction[]) =>
  foldTransaction(commands.flatMap((c) => decideRecordAccountTransaction(c, initialTransactionState, context)) as TransactionEvent[]);

describe('recording a manual transaction', () => {
  it("refuses a manual entry or edit dated before the account's start date, but takes an older bank row", () => {
    const started = { ...context, accountStartDate: '2025-03-01' };
    const refusal = (() => {
      try {
        decideRecordAccountTransaction(manual({ date: '2025-02-28' }), initialTransactionState, started);
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refusal).toBeInstanceOf(RuleViolation);
    expect(refusal).toMatchObject({ field: 'date', message: "The date is before the account's start date (2025-03-01)." });
    expect(decideRecordAccountTransaction(manual({ date: '2025-03-01' }), initialTransactionState, started)).toHaveLength(1);
    expect(decideRecordAccountTransaction(manual({ kind: 'regular', provider: 'OFX', date: '2025-02-28' }), initialTransactionState, started)).toHaveLength(1);
    expect(() => decideEditTransaction({ version: 0, date: '2025-02-28' }, given(manual()), started)).toThrow("The date is before the account's start date (2025-03-01).");
    expect(decideEditTransaction({ version: 0, date: '2025-03-02' }, given(manual()), started)[0]?.data.changes.date).toEqual({ from: '2025-03-05', to: '2025-03-02' });
  });

  it('stores the splits when they sum to the amount', () => {
    const [event] = decideRecordAccountTransaction(manual(), initialTransactionState, context);
    expect(event?.data.splits).toEqual([{ categoryId: 'groceries', amount: -8000, comment: null }]);
  });

  it('puts the whole amount in Unassigned when no split is given (rule 8), on every account: tracking decides only whether it counts', () => {
    const [event] = decideRecordAccountTransaction(manual({ amount: -3000, splits: [] }), initialTransactionState, context);
    expect(event?.data.splits).toEqual([{ categoryId: 'unassigned', amount: -3000, comment: null }]);
  });



  it('refuses splits that do not sum to the amount', () => {
    const command = manual({ splits: [{ categoryId: 'groceries', amount: -5000 }, { categoryId: 'dining', amount: -2000 }] });
    expect(() => decideRecordAccountTransaction(command, initialTransactionState, context)).toThrow('The sum of the categories does not match the transaction amount.');
  });

  it('refuses a split without a category and a category of somebody else', () => {
    expect(() => decideRecordAccountTransaction(manual({ splits: [{ categoryId: null, amount: -8000 }] }), initialTransactionState, context)).toThrow(
      'There are one or more items not assigned a category.',
    );
    expect(() => decideRecordAccountTransaction(manual({ splits: [{ categoryId: 'theirs', amount: -8000 }] }), initialTransactionState, context)).toThrow(UnknownReference);
  });

  it('refuses a date that does not exist, or one outside the dates the product takes', () => {
    expect(() => decideRecordAccountTransaction(manual({ date: '2025-02-30' }), initialTransactionState, context)).toThrow(RuleViolation);
    expect(() => decideRecordAccountTransaction(manual({ date: '2999-01-01' }), initialTransactionState, context)).toThrow(RuleViolation);
  });

  it('given the spec client\'s principle 0 on a non-loan account, ignores it; a loan keeps its principle', () => {
    expect(decideRecordAccountTransaction(manual({ principle: 0 }), initialTransactionState, context)[0]?.data.account?.principle).toBeNull();
    expect(decideRecordAccountTransaction(manual({ principle: -6000 }), initialTransactionState, loan)[0]?.data.account?.principle).toBe(-6000);
  });
});

describe('editing a transaction', () => {
  it('replaces the splits when they still sum to the amount (rule 9)', () => {
    const state = given(manual());
    const [event] = decideEditTransaction(
      { version: 0, splits: [{ categoryId: 'groceries', amount: -5000 }, { categoryId: 'household', amount: -3000 }] },
      state,
      context,
    );
    expect(event?.data.changes.splits?.from).toEqual([{ categoryId: 'groceries', amount: -8000, comment: null }]);
    expect(event?.data.changes.splits?.to).toHaveLength(2);
  });

  it('refuses a stale version and accepts the current one (rule 10)', () => {
    const state = given(manual());
    expect(() => decideEditTransaction({ version: 3, comment: 'x' }, state, context)).toThrow(StaleVersion);
    expect(decideEditTransaction({ version: 0, comment: 'x' }, state, context)).toHaveLength(1);
  });

  it('refuses an amount change that leaves the splits out of balance', () => {
    expect(() => decideEditTransaction({ version: 0, amount: -9000 }, given(manual()), context)).toThrow(RuleViolation);
  });

  it('keeps the date, name and amount of bank rows', () => {
    const state = given(manual({ kind: 'regular', provider: 'OFX', providerTransactionId: 'F1' }));
    expect(() => decideEditTransaction({ version: 0, amount: -1 }, state, context)).toThrow(RuleViolation);
    expect(() => decideEditTransaction({ version: 0, date: '2025-03-06' }, state, context)).toThrow(RuleViolation);
  });

  it('ignores a principle on a non-loan account, and changes it on a loan', () => {
    expect(decideEditTransaction({ version: 0, principle: 0 }, given(manual()), context)).toEqual([]);
    const [event] = decideEditTransaction({ version: 0, principle: -5000 }, given(manual()), loan);
    expect(event?.data.changes.principle).toEqual({ from: null, to: -5000 });
  });

  it('answers nothing to change with no event', () => {
    expect(decideEditTransaction({ version: 0, name: 'Market' }, given(manual()), context)).toEqual([]);
  });
});

describe('deleting a transaction (rule 11)', () => {
  it('deletes once; a second delete changes nothing', () => {
    const state = given(manual());
    const events = decideDeleteTransaction(state);
    expect(events).toHaveLength(1);
    expect(decideDeleteTransaction(foldTransaction([...decideRecordAccountTransaction(manual(), initialTransactionState, context), ...events]))).toEqual([]);
  });

  it('refuses to delete a starting balance by hand', () => {
    const events = decideSetStartingBalance({ transactionId: 's', accountId: 'a1', fundingPoolCategoryId: 'pool', startDate: '2025-01-01', amount: 125000 }, initialTransactionState);
    expect(() => decideDeleteTransaction(foldTransaction(events))).toThrow(ForbiddenChange);
  });
});

describe('starting balance (rules 6 and 7)', () => {
  it('records an Initial Funding row into the Funding Pool', () => {
    const [event] = decideSetStartingBalance({ transactionId: 's', accountId: 'a1', fundingPoolCategoryId: 'pool', startDate: '2025-01-01', amount: 125000 }, initialTransactionState);
    expect(event).toMatchObject({ type: 'TransactionRecorded', data: { kind: 'starting-balance', splits: [{ categoryId: 'pool', amount: 125000 }], account: { name: 'Initial Funding', amount: 125000 } } });
  });

  it('moves the existing row instead of adding another', () => {
    const state = foldTransaction(decideSetStartingBalance({ transactionId: 's', accountId: 'a1', fundingPoolCategoryId: 'pool', startDate: '2025-01-01', amount: 125000 }, initialTransactionState));
    const [event] = decideSetStartingBalance({ transactionId: 's', accountId: 'a1', fundingPoolCategoryId: 'pool', startDate: '2025-01-10', amount: 120000 }, state);
    expect(event).toMatchObject({ type: 'TransactionChanged', data: { changes: { date: { from: '2025-01-01', to: '2025-01-10' }, amount: { from: 125000, to: 120000 } } } });
  });
});
