import { MAX_DATE, MIN_DATE } from '@budget/contracts';

/**
 * A calendar date `YYYY-MM-DD` that really exists (no 2025-02-30) and lies within the dates the
 * product takes (MIN_DATE…MAX_DATE): a date far in the future would make every chart and month
 * walk explode, whichever path (HTTP, a bank file) it came in by.
 */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  if (value < MIN_DATE || value > MAX_DATE) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
