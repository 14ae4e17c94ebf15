import { describe, expect, it } from 'vitest';
import { defaultTracking, trackingChangeEffect, trackingEffect } from './tracking.js';

const catalogue = {
  types: { depository: ['checking'], loan: ['auto'], investment: ['brokerage'] },
  tracking: ['Transactions', 'Uncategorized Transactions', 'Balances'],
  defaultTracking: { depository: 'Transactions', credit: 'Transactions', loan: 'Uncategorized Transactions', investment: 'Balances' },
};

describe('tracking in the account dialogs', () => {
  it("a new loan or investment takes the server's default, off the budget", () => {
    expect(defaultTracking(catalogue, 'loan', 'Transactions')).toBe('Uncategorized Transactions');
    expect(defaultTracking(catalogue, 'investment', 'Transactions')).toBe('Balances');
    expect(defaultTracking(catalogue, 'depository', 'Balances')).toBe('Transactions');
    expect(defaultTracking(undefined, 'loan', 'Transactions')).toBe('Transactions');
  });

  it('says in one line what each mode does to the budget', () => {
    expect(trackingEffect('Transactions')).toMatch(/^In the budget: the opening balance goes into the Funding Pool/);
    expect(trackingEffect('Uncategorized Transactions')).toMatch(/^Off the budget/);
    expect(trackingEffect('Balances')).toMatch(/^Off the budget/);
  });

  it('says what a change does: joining or leaving the budget, or staying off it', () => {
    expect(trackingChangeEffect('Uncategorized Transactions', 'Transactions')).toMatch(/^The account joins the budget: its starting balance goes into the Funding Pool/);
    expect(trackingChangeEffect('Transactions', 'Balances')).toMatch(/^The account leaves the budget: its starting balance comes out of the Funding Pool/);
    expect(trackingChangeEffect('Balances', 'Uncategorized Transactions')).toMatch(/^The account stays off the budget/);
    expect(trackingChangeEffect('Balances', 'Balances')).toBe(trackingEffect('Balances'));
  });
});
