import { MAX_BALANCE_CENTS, MAX_TURNOVER_CENTS } from '@budget/money';
import { describe, expect, it } from 'vitest';
import { foldAccount } from './account.state.js';
import { decideRecordBalance } from './balance-history.decide.js';
import { balanceMoves, checkBalanceBound } from './balance-bound.js';
import { RuleViolation } from './domain-error.js';
import { decideOpenAccount } from './open-account.decide.js';
import type { TransactionEvent } from './transaction.events.js';
import { foldTransaction, initialTransactionState } from './transaction.state.js';

const recorded = (amount: number, principle: number | null = null): TransactionEvent => ({
  type: 'TransactionRecorded',
  data: {
    transactionId: 't', kind: 'manual', date: '2025-03-01', comment: null, splits: [{ categoryId: 'food', amount, comment: null }],
    account: { accountId: 'acct', name: 'x', amount, principle, pending: false, provider: 'NONE', providerTransactionId: null, statementId: null },
  },
});

describe('balance moves of a write', () => {
  it('adds what each new transaction brings to its account and categories, in exact bigints', () => {
    const moves = balanceMoves([
      { before: initialTransactionState, events: [recorded(MAX_BALANCE_CENTS)] },
      { before: initialTransactionState, events: [recorded(MAX_BALANCE_CENTS)] },
    ]);
    expect(moves.accounts).toEqual(new Map([['acct', 2n * BigInt(MAX_BALANCE_CENTS)]]));
    expect(moves.categories).toEqual(new Map([['food', 2n * BigInt(MAX_BALANCE_CENTS)]]));
  });

  it('counts an edit as the difference, a deletion as taking it away, and a loan by its principle', () => {
    const stored = foldTransaction([recorded(500)]);
    const edit: TransactionEvent = { type: 'TransactionChanged', data: { transactionId: 't', changes: { amount: { from: 500, to: 800 } } } };
    expect(balanceMoves([{ before: stored, events: [edit] }]).accounts).toEqual(new Map([['acct', 300n]]));
    expect(balanceMoves([{ before: stored, events: [{ type: 'TransactionDeleted', data: { transactionId: 't' } }] }]).categories).toEqual(new Map([['food', -500n]]));
    expect(balanceMoves([{ before: initialTransactionState, events: [recorded(-1000, -800)] }]).accounts).toEqual(new Map([['acct', -800n]]));
    expect(balanceMoves([{ before: stored, events: [] }]).accounts.size).toBe(0);
  });
});

describe('the balance bound check', () => {
  const known = (balance: number) => ({ accounts: new Map([['acct', { name: 'Checking', balance }]]), categories: new Map() });
  const moving = (cents: bigint, turnover = 0n) => ({ accounts: new Map([['acct', cents]]), categories: new Map<string, bigint>(), turnover });

  it('lets a balance reach the bound exactly, and refuses one cent more on the given field', () => {
    expect(() => checkBalanceBound('amount', moving(1n), known(MAX_BALANCE_CENTS - 1))).not.toThrow();
    expect(() => checkBalanceBound('amount', moving(-2n), known(-MAX_BALANCE_CENTS + 1))).toThrow(RuleViolation);
    try {
      checkBalanceBound('file', moving(2n), known(MAX_BALANCE_CENTS - 1));
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ field: 'file', code: 'balance-limit' });
      expect((error as Error).message).toContain('the account "Checking" beyond 100,000,000,000.00');
    }
  });

  it('lets a balance already beyond the bound move back towards zero', () => {
    expect(() => checkBalanceBound('amount', moving(-5n), known(MAX_BALANCE_CENTS + 100))).not.toThrow();
    expect(() => checkBalanceBound('amount', moving(5n), known(MAX_BALANCE_CENTS + 100))).toThrow(RuleViolation);
  });
});

describe('a balance given outright', () => {
  it('must lie within the bound: an opening balance and a balance-history row', () => {
    const open = (balance: number) =>
      decideOpenAccount({ accountId: 'a', institutionId: 'i', name: 'Brokerage', type: 'investment', subtype: 'brokerage', tracking: 'Balances', startDate: '2025-03-01', balance, rate: null, balanceId: 'b', fieldPrefix: 'accounts.0.' });
    expect(open(MAX_BALANCE_CENTS)).toHaveLength(2);
    expect(() => open(MAX_BALANCE_CENTS + 1)).toThrow(expect.objectContaining({ field: 'accounts.0.balance', code: 'balance-limit' }));
    const state = foldAccount(open(100));
    expect(() => decideRecordBalance('b2', '2025-03-02', -MAX_BALANCE_CENTS - 1, state)).toThrow(expect.objectContaining({ field: 'amount', code: 'balance-limit' }));
    expect(decideRecordBalance('b2', '2025-03-02', -MAX_BALANCE_CENTS, state)).toHaveLength(1);
  });
});

describe('the turnover bound (docs/architecture.md §5)', () => {
  const churn = (cents: number): TransactionEvent => ({
    type: 'TransactionRecorded',
    data: {
      transactionId: 'c', kind: 'manual', date: '2025-03-01', comment: null,
      splits: [{ categoryId: 'food', amount: cents + 1, comment: null }, { categoryId: 'fun', amount: -cents, comment: null }],
      account: { accountId: 'acct', name: 'x', amount: 1, principle: null, pending: false, provider: 'NONE', providerTransactionId: null, statementId: null },
    },
  });
  const known = (turnover: bigint) => ({ accounts: new Map([['acct', { name: 'Checking', balance: 0 }]]), categories: new Map(), turnover });

  it('counts what a write adds both ways: |amount|, |principle| and every |split|; a delete takes it away', () => {
    expect(balanceMoves([{ before: initialTransactionState, events: [churn(1000)] }]).turnover).toBe(1n + 1001n + 1000n);
    expect(balanceMoves([{ before: initialTransactionState, events: [recorded(-1000, -800)] }]).turnover).toBe(1000n + 800n + 1000n);
    expect(balanceMoves([{ before: foldTransaction([churn(1000)]), events: [{ type: 'TransactionDeleted', data: { transactionId: 'c' } }] }]).turnover).toBe(-2002n);
  });

  it('refuses a write that would pass it, even when it moves no balance far; lets one reach it exactly, and always lets one lower it', () => {
    const moves = balanceMoves([{ before: initialTransactionState, events: [churn(MAX_BALANCE_CENTS / 2)] }]);
    const max = BigInt(MAX_TURNOVER_CENTS);
    expect(() => checkBalanceBound('amount', moves, known(max - moves.turnover))).not.toThrow();
    try {
      checkBalanceBound('amount', moves, known(max - moves.turnover + 1n));
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ field: 'amount', code: 'balance-limit' });
      expect((error as Error).message).toContain('past what the product can add up exactly');
    }
    expect(() => checkBalanceBound('amount', { accounts: new Map([['acct', 0n]]), categories: new Map(), turnover: -5n }, known(max + 100n))).not.toThrow();
  });
});
