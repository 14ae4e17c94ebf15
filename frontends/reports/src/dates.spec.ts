import { describe, expect, it } from 'vitest';
import { daysBetween, longDate, monthLabel, monthsEnding } from './dates.js';

describe('report dates', () => {
  it('always shows four-digit years', () => {
    expect(longDate('1926-03-04')).toBe('03/04/1926');
    expect(monthLabel(2026, 1)).toBe('01/2026');
  });

  it('counts months back across a year', () => {
    expect(monthsEnding(2026, 2, 3)).toEqual([{ year: 2025, month: 12 }, { year: 2026, month: 1 }, { year: 2026, month: 2 }]);
  });

  it('lists the days of a range across a month end and a leap day', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
  });
});
