import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { billDebits, billFunded, billProgress, recurrenceText } from './bill-data.js';

describe('bills', () => {
  it('describes recurrence in months', () => {
    expect(recurrenceText(1)).toBe('Monthly');
    expect(recurrenceText(3)).toBe('Every 3 months');
    expect(recurrenceText(null)).toBe('');
  });
});

describe('bill debits', () => {
  it('fills the Debits column: the month so far, 0.00 when nothing was debited yet', () => {
    expect(billDebits({ debits: -120.5 })).toBe(-12050);
    expect(billDebits({ debits: null })).toBe(0);
  });
});

describe('bill funding progress', () => {
  it('is the funded share of the amount, held between 0 and 1', () => {
    expect(billProgress(5000, 10000)).toBe(0.5);
    expect(billProgress(0, 10000)).toBe(0);
    expect(billProgress(-2500, 10000)).toBe(0);
    expect(billProgress(15000, 10000)).toBe(1);
    expect(billProgress(0, 0)).toBe(1);
  });

  it('never leaves 0..1 and reaches 1 exactly when the funded cents cover the amount (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000_000 }), (funded, amount) => {
        const p = billProgress(funded, amount);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(1);
        expect(p === 1).toBe(funded >= amount);
      }),
    );
  });

  it("takes the funded amount from the bill's category balance, 0 when the category is not loaded", () => {
    const balances = new Map([['b1', 4200]]);
    expect(billFunded({ id: 'b1' }, balances)).toBe(4200);
    expect(billFunded({ id: 'b2' }, balances)).toBe(0);
  });
});
