import { describe, expect, it } from 'vitest';
import { formatDate, lastYear, setDateFormat, toIsoDate } from './format-date.js';

describe('formatDate', () => {
  it('shows calendar dates as MM/DD/YYYY until the user chooses, without shifting the day', () => {
    expect(formatDate('2025-03-04')).toBe('03/04/2025');
    expect(formatDate('2000-12-31')).toBe('12/31/2000');
    // The edges of the dates the product takes no longer look alike.
    expect([formatDate('1900-01-01'), formatDate('2199-12-31'), formatDate('1999-12-31')]).toEqual(['01/01/1900', '12/31/2199', '12/31/1999']);
  });

  it('shows timestamps and Date values in local time', () => {
    expect(formatDate(new Date(2024, 0, 9, 23, 59))).toBe('01/09/2024');
    const stamp = new Date(2024, 6, 1, 12).toISOString();
    expect(formatDate(stamp)).toBe('07/01/2024');
  });

  it('shows nothing for an unreadable value', () => {
    expect(formatDate('soon')).toBe('');
  });

  it('follows the user\'s format, with four-digit years (1900 and 2199 no longer look alike)', () => {
    try {
      setDateFormat('MM/DD/YYYY');
      expect([formatDate('1900-01-01'), formatDate('2199-12-31')]).toEqual(['01/01/1900', '12/31/2199']);
      setDateFormat('DD/MM/YYYY');
      expect(formatDate('2025-03-04')).toBe('04/03/2025');
      setDateFormat('YYYY-MM-DD');
      expect([formatDate('2025-03-04'), formatDate(new Date(2024, 0, 9))]).toEqual(['2025-03-04', '2024-01-09']);
    } finally {
      setDateFormat('MM/DD/YYYY');
    }
  });
});

describe('report ranges', () => {
  it('defaults to the last year ending today', () => {
    expect(lastYear(new Date(2025, 5, 15))).toEqual({ startDate: '2024-06-15', endDate: '2025-06-15' });
  });

  it('writes local dates as YYYY-MM-DD', () => {
    expect(toIsoDate(new Date(2025, 0, 2))).toBe('2025-01-02');
  });
});
