import { describe, expect, it } from 'vitest';
import { initialStatement, statementBody, validateStatement, withOpeningBalance } from './statement-form.js';

const today = new Date(2025, 2, 20);

describe('statement form', () => {
  it('starts the first statement at the beginning of this month', () => {
    expect(initialStatement(undefined, today)).toEqual({ startDate: '2025-03-01', endDate: '2025-03-20', startingBalance: 0, endingBalance: 0 });
  });

  it('follows the newest statement', () => {
    const newest = { id: 's', accountId: 'a', startDate: '2025-01-01', endDate: '2025-02-28', startingBalance: 0, endingBalance: 1204.33, credits: 1204.33, debits: 0, finished: false, reconciledAt: null };
    expect(initialStatement(newest, today)).toEqual({ startDate: '2025-03-01', endDate: '2025-03-20', startingBalance: 120433, endingBalance: 120433 });
  });

  it("prefills the first statement's starting balance with the account's balance the day before it starts", () => {
    const first = initialStatement(undefined, today);
    expect(withOpeningBalance(first, { from: '2025-03-01', cents: 98_765 }, false)).toEqual({ ...first, startingBalance: 98_765 });
  });

  it('keeps a starting balance the user typed, and ignores an opening balance of another start date', () => {
    const first = { ...initialStatement(undefined, today), startingBalance: 500 };
    expect(withOpeningBalance(first, { from: '2025-03-01', cents: 98_765 }, true)).toBe(first);
    expect(withOpeningBalance(first, { from: '2025-02-01', cents: 98_765 }, false)).toBe(first);
    expect(withOpeningBalance(first, undefined, false)).toBe(first);
  });

  it('needs both dates in order', () => {
    expect(validateStatement({ startDate: '', endDate: '', startingBalance: 0, endingBalance: 0 })).toEqual({
      startDate: 'A start date must be specified.',
      endDate: 'An end date must be specified.',
    });
    expect(validateStatement({ startDate: '2025-03-02', endDate: '2025-03-01', startingBalance: 0, endingBalance: 0 }).endDate).toBe(
      'The end date must not be before the start date.',
    );
  });

  it('sends money in dollars', () => {
    expect(statementBody({ startDate: '2025-03-01', endDate: '2025-03-31', startingBalance: 125000, endingBalance: 120433 })).toEqual({
      startDate: '2025-03-01', endDate: '2025-03-31', startingBalance: 1250, endingBalance: 1204.33,
    });
  });
});
