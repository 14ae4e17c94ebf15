import { describe, expect, it } from 'vitest';
import { accountAmount, accountName, amountInCategory, toRegisterRows, transactionName, TYPE_NAMES } from './register-rows.js';
import { TransactionType } from './transaction-data.js';
import { split, transaction } from './transaction.testing.js';

const purchase = transaction({
  id: '1',
  date: '2025-03-04',
  type: 0,
  categories: [split('20', -12.5), split('21', -0.1), split('20', -0.2)],
  accountTransaction: { name: 'Grocer', amount: -12.8 },
});
const funding = transaction({ id: '2', date: '2025-03-01', type: 2, categories: [split('20', 100)], accountTransaction: null });
const uncategorised = transaction({ id: '3', date: '2025-03-02', type: 0, categories: [], accountTransaction: { name: 'Shop', amount: -3 } });

describe('register rows', () => {
  it('names rows by the bank name, else by type', () => {
    expect(transactionName(purchase)).toBe('Grocer');
    expect(transactionName(funding)).toBe('Category Funding');
    expect(transactionName({ ...funding, type: 3 })).toBe('Category Transfer');
    expect(transactionName({ ...funding, type: 9 })).toBe('Unknown');
  });

  it('names a legacy type-1 row without a name of its own a Transfer (money between accounts), never Unknown', () => {
    expect(transactionName({ ...funding, type: TransactionType.Transfer })).toBe('Transfer');
    const nameless = transaction({ id: '4', type: TransactionType.Transfer, accountTransaction: { name: null, amount: -50 } });
    expect(transactionName(nameless)).toBe('Transfer');
    expect(transactionName({ ...nameless, accountTransaction: { ...nameless.accountTransaction!, name: '  ' } })).toBe('Transfer');
    expect(transactionName({ ...nameless, accountTransaction: { ...nameless.accountTransaction!, name: 'Transfer to Savings' } })).toBe('Transfer to Savings');
  });

  it('has a name for every transaction type of the contracts (0–5), so only an undefined type is Unknown', () => {
    for (const type of Object.values(TransactionType)) {
      expect(TYPE_NAMES[type], `type ${type}`).toBeTruthy();
      expect(transactionName({ ...funding, type })).not.toBe('Unknown');
    }
    // The server's own name for a starting balance (docs/spec/server-behaviour.md §3.2).
    expect(transactionName({ ...funding, type: TransactionType.StartingBalance })).toBe('Initial Funding');
  });

  it("carries each row's account for the Account column, empty for a funding", () => {
    const rows = toRegisterRows([purchase, funding], { amountOf: accountAmount, detailOf: () => '', balance: null });
    expect(rows.map((r) => r.account)).toEqual(['Checking', '']);
    expect(accountName(transaction({ id: '5', accountTransaction: { account: { id: 'v', name: null, institution: { name: null } } } }))).toBe('');
  });

  it("sums a category's splits in exact cents", () => {
    expect(amountInCategory(purchase, '20', false)).toBe(-1270);
    expect(amountInCategory(purchase, '99', false)).toBe(0);
  });

  it('counts an uncategorised transaction in full in the unassigned register only', () => {
    expect(amountInCategory(uncategorised, '10', true)).toBe(-300);
    expect(amountInCategory(uncategorised, '20', false)).toBe(0);
    expect(accountAmount(purchase)).toBe(-1280);
  });

  it('works running balances back from the current balance, newest first', () => {
    const rows = toRegisterRows([purchase, funding], {
      amountOf: (t) => amountInCategory(t, '20', false),
      detailOf: () => '',
      balance: 8730,
    });
    expect(rows.map((r) => [r.amount, r.balance])).toEqual([
      [-1270, 8730],
      [10000, 10000],
    ]);
  });

  it("prefers the server's stored running balance to working it back", () => {
    const rows = toRegisterRows([{ ...purchase, runningBalance: 50 }, { ...funding, runningBalance: 62.8 }], {
      amountOf: accountAmount,
      detailOf: () => '',
      balance: 1,
    });
    expect(rows.map((r) => r.balance)).toEqual([5000, 6280]);
  });

  it('leaves balances empty when the register has none', () => {
    const rows = toRegisterRows([funding], { amountOf: accountAmount, detailOf: () => '', balance: null });
    expect(rows[0]?.balance).toBeNull();
  });
});
