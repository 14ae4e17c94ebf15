import { describe, expect, test } from 'vitest';
import type { Cents } from '@budget/money';
import { initialAccountState, type AccountState } from './account.state.js';
import { RuleViolation } from './domain-error.js';
import { decideChangeStatement, decideRowUnlock, STATEMENT_LOCKED, type ReconcilableRow } from './statement.decide.js';

/** Finishing and locking a statement (docs/architecture.md §9.7). */
const S = 'stmt-1';
const account = (finished: boolean): AccountState => ({
  ...initialAccountState,
  exists: true,
  accountId: 'acct-1',
  statements: { [S]: { startDate: '2025-03-01', endDate: '2025-03-31', startingBalance: 100_000 as Cents, endingBalance: 95_000 as Cents, finished } },
});
const rows = (...ticked: [string, number, string | null][]): ReconcilableRow[] =>
  ticked.map(([transactionId, amount, statementId]) => ({ transactionId, amount: amount as Cents, statementId, date: '2025-03-05' }));
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleViolation) return error.code;
    throw error;
  }
  return null;
};

describe('finishing a statement', () => {
  test('finishes at a zero difference, with the totals it finished at', () => {
    const events = decideChangeStatement(S, { finished: true }, account(false), rows(['a', -4_000, S], ['b', -1_000, S], ['c', -999, null]));
    expect(events).toEqual([
      { type: 'StatementFinished', data: { accountId: 'acct-1', statementId: S, startDate: '2025-03-01', endDate: '2025-03-31', endingBalance: 95_000, clearedTotal: -5_000 } },
    ]);
  });

  test('is refused while the difference is not zero, by one cent either way', () => {
    expect(refusal(() => decideChangeStatement(S, { finished: true }, account(false), rows(['a', -4_999, S])))).toBe('difference');
    expect(refusal(() => decideChangeStatement(S, { finished: true }, account(false), rows(['a', -5_001, S])))).toBe('difference');
  });

  test('counts the rows Reconcile All takes in and the balances changed in the same request', () => {
    const events = decideChangeStatement(S, { reconcile: 'All', finished: true }, account(false), rows(['a', -5_000, null]));
    expect(events.map((e) => e.type)).toEqual(['StatementReconciled', 'StatementFinished']);
    const changed = decideChangeStatement(S, { endingBalance: 90_000 as Cents, finished: true }, account(false), rows(['a', -10_000, S]));
    expect(changed.map((e) => e.type)).toEqual(['StatementChanged', 'StatementFinished']);
  });

  test('a finished statement: finishing again is refused, any change is locked, a no-op Reconcile All changes nothing', () => {
    expect(refusal(() => decideChangeStatement(S, { finished: true }, account(true), rows(['a', -5_000, S])))).toBe('already-finished');
    expect(refusal(() => decideChangeStatement(S, { endingBalance: 1 as Cents }, account(true), []))).toBe(STATEMENT_LOCKED);
    expect(refusal(() => decideChangeStatement(S, { reconcile: 'None' }, account(true), rows(['a', -5_000, S])))).toBe(STATEMENT_LOCKED);
    expect(decideChangeStatement(S, { reconcile: 'All' }, account(true), rows(['a', -5_000, S]))).toEqual([]);
  });

  test('reopening comes first, so a change may follow it in one request; reopening an open statement changes nothing', () => {
    const events = decideChangeStatement(S, { finished: false, endingBalance: 90_000 as Cents }, account(true), []);
    expect(events.map((e) => e.type)).toEqual(['StatementReopened', 'StatementChanged']);
    expect(events[0]!.data).toMatchObject({ cause: 'user' });
    expect(decideChangeStatement(S, { finished: false }, account(false), [])).toEqual([]);
  });
});

describe('a row of a finished statement', () => {
  const change = { transactionId: 't1', statementId: S };
  test('a change that moves the figures is refused unconfirmed', () => {
    expect(refusal(() => decideRowUnlock({ ...change, moves: true }, account(true), false))).toBe(STATEMENT_LOCKED);
    expect(refusal(() => decideRowUnlock({ ...change, moves: false, ticksTo: null }, account(true), false))).toBe(STATEMENT_LOCKED);
    expect(refusal(() => decideRowUnlock({ transactionId: 't2', statementId: null, moves: false, ticksTo: S }, account(true), false))).toBe(STATEMENT_LOCKED);
  });

  test('name, memo and categories are free; an open statement locks nothing', () => {
    expect(decideRowUnlock({ ...change, moves: false }, account(true), false)).toEqual([]);
    expect(decideRowUnlock({ ...change, moves: true, ticksTo: null }, account(false), false)).toEqual([]);
  });

  test('confirmed, the statement is reopened naming the row and why', () => {
    expect(decideRowUnlock({ ...change, moves: true }, account(true), true)).toEqual([
      { type: 'StatementReopened', data: { accountId: 'acct-1', statementId: S, startDate: '2025-03-01', endDate: '2025-03-31', cause: 'row-changed', transactionId: 't1' } },
    ]);
    expect(decideRowUnlock({ ...change, moves: true, deleted: true }, account(true), true)[0]!.data.cause).toBe('row-deleted');
  });
});
