import { describe, expect, it } from 'vitest';
import { recurrenceText } from './bill-data.js';

describe('bills', () => {
  it('describes recurrence in months', () => {
    expect(recurrenceText(1)).toBe('Monthly');
    expect(recurrenceText(3)).toBe('Every 3 months');
    expect(recurrenceText(null)).toBe('');
  });
});
