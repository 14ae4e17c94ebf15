import { describe, expect, it } from 'vitest';
import { readBills, recurrenceText } from './bill-data.js';

describe('bills', () => {
  it('reads bare lists with nullable fields', () => {
    const body = [{ id: 1, name: 'Rent', fundingAmount: 1200, goalDate: '', recurrence: 1, suspended: false, debits: null }];
    expect(readBills(body)).toEqual([{ ...body[0], id: '1' }]);
  });

  it('describes recurrence in months', () => {
    expect(recurrenceText(1)).toBe('Monthly');
    expect(recurrenceText(3)).toBe('Every 3 months');
    expect(recurrenceText(null)).toBe('');
  });
});
