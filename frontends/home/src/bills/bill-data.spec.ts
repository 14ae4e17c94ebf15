import { describe, expect, it } from 'vitest';
import { billDebits, recurrenceText } from './bill-data.js';

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
