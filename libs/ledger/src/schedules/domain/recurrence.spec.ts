import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addDays, dayNumber, daysInMonth, isOccurrence, nextOccurrence, occurrencesBetween, type Recurrence } from './recurrence.js';

/** A calendar date between 1999 and 2031 (leap years, century rule of 2000 included). */
const dateArb = fc.integer({ min: dayNumber('1999-01-01'), max: dayNumber('2031-12-31') }).map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10));

const recurrenceArb: fc.Arbitrary<Recurrence> = fc.record({
  every: fc.integer({ min: 1, max: 14 }),
  unit: fc.constantFrom('day' as const, 'week' as const, 'month' as const),
  startDate: dateArb,
  dayOfMonth: fc.option(fc.constantFrom(1, 15, 28, 29, 30, 31), { nil: null }),
  endDate: fc.option(dateArb, { nil: null }),
});

/**
 * The oracle: walk every day and say whether it is an occurrence, from the definition alone —
 * days/weeks: a whole number of steps after the start; months: a whole number of steps of months
 * after the start's month, on the day of month or the month's last day when it is shorter.
 */
function brute(r: Recurrence, from: string, to: string): string[] {
  const out: string[] = [];
  const startMonth = Number(r.startDate.slice(0, 4)) * 12 + Number(r.startDate.slice(5, 7)) - 1;
  const wanted = r.dayOfMonth ?? Number(r.startDate.slice(8, 10));
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (date < r.startDate || (r.endDate !== null && date > r.endDate)) continue;
    if (r.unit === 'month') {
      const y = Number(date.slice(0, 4));
      const m = Number(date.slice(5, 7));
      const months = y * 12 + m - 1 - startMonth;
      if (months % r.every === 0 && Number(date.slice(8, 10)) === Math.min(wanted, daysInMonth(y, m))) out.push(date);
    } else {
      const days = dayNumber(date) - dayNumber(r.startDate);
      if (days % (r.every * (r.unit === 'week' ? 7 : 1)) === 0) out.push(date);
    }
  }
  return out;
}

describe('recurrence', () => {
  test('occurrencesBetween equals the day-by-day definition (month ends, leap years, day 31)', () => {
    fc.assert(
      fc.property(recurrenceArb, dateArb, fc.integer({ min: 0, max: 800 }), (r, from, span) => {
        const to = addDays(from, span);
        expect(occurrencesBetween(r, from, to)).toEqual(brute(r, from, to));
      }),
      { numRuns: 400 },
    );
  });

  test('a monthly schedule on day 31 falls on every month\'s last day, Feb 29 in leap years', () => {
    const r: Recurrence = { every: 1, unit: 'month', startDate: '2023-12-31', dayOfMonth: 31, endDate: null };
    expect(occurrencesBetween(r, '2023-12-01', '2024-05-31')).toEqual(['2023-12-31', '2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30', '2024-05-31']);
    expect(occurrencesBetween(r, '2025-02-01', '2025-03-01')).toEqual(['2025-02-28']);
    expect(occurrencesBetween(r, '2100-02-01', '2100-03-01')).toEqual(['2100-02-28']);
    expect(occurrencesBetween(r, '2000-02-01', '2000-03-01')).toEqual([]);
  });

  test('the day after a short month goes back to the day of month (no drift)', () => {
    const r: Recurrence = { every: 1, unit: 'month', startDate: '2024-01-30', dayOfMonth: null, endDate: '2024-04-30' };
    expect(occurrencesBetween(r, '2024-01-01', '2024-12-31')).toEqual(['2024-01-30', '2024-02-29', '2024-03-30', '2024-04-30']);
  });

  test('every occurrence is an occurrence, and nextOccurrence finds the first open one', () => {
    fc.assert(
      fc.property(recurrenceArb, dateArb, fc.integer({ min: 0, max: 5 }), (r, from, closed) => {
        const dates = occurrencesBetween(r, from, addDays(from, 400));
        for (const date of dates) expect(isOccurrence(r, date)).toBe(true);
        const shut = new Set(dates.slice(0, closed));
        const next = nextOccurrence(r, from, (d) => !shut.has(d));
        if (dates.length > closed) expect(next).toBe(dates[closed]);
        else if (next !== null) expect(next > addDays(from, 400)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
