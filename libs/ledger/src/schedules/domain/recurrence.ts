/**
 * The dates of a schedule (docs/architecture.md §8 "Scheduled transactions"): every N days, weeks
 * or months from a first date, until an optional end date. Calendar dates `YYYY-MM-DD`, computed
 * on day numbers (no time zone, no clock): the same schedule always gives the same dates.
 */
export type RecurrenceUnit = 'day' | 'week' | 'month';

export interface Recurrence {
  every: number;
  unit: RecurrenceUnit;
  /** The first occurrence (for months: its month; the day is `dayOfMonth` when given). */
  startDate: string;
  /** Months only: 1–31; a month shorter than it takes its last day. Null: the start date's day. */
  dayOfMonth: number | null;
  endDate: string | null;
}

/** The last date the product stores (contracts' MAX_DATE). */
export const LAST_DATE = '2199-12-31';

const DAY_MS = 86_400_000;

export function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The occurrence in the month `index` months after year 0's January. */
function monthDate(monthIndex: number, day: number): string {
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(day, daysInMonth(year, month)))}`;
}

const monthIndexOf = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/** The day of month a monthly schedule falls on. */
export const monthlyDay = (r: Recurrence) => r.dayOfMonth ?? Number(r.startDate.slice(8, 10));

/** The k-th step's date (k ≥ 0), before the start-date and end-date bounds are applied. */
function step(r: Recurrence, k: number): string {
  if (r.unit === 'month') return monthDate(monthIndexOf(r.startDate) + k * r.every, monthlyDay(r));
  return dateOfDay(dayNumber(r.startDate) + k * r.every * (r.unit === 'week' ? 7 : 1));
}

/** The first step whose date may be at or after `from`. */
function firstStep(r: Recurrence, from: string): number {
  if (from <= r.startDate) return 0;
  if (r.unit === 'month') return Math.max(0, Math.floor((monthIndexOf(from) - monthIndexOf(r.startDate)) / r.every) - 1);
  return Math.max(0, Math.floor((dayNumber(from) - dayNumber(r.startDate)) / (r.every * (r.unit === 'week' ? 7 : 1))) - 1);
}

/**
 * The occurrences in [from, to], oldest first, at most `limit`: dates at or after the start date
 * and at or before the end date (and LAST_DATE).
 */
export function occurrencesBetween(r: Recurrence, from: string, to: string, limit = 1000): string[] {
  const last = [to, r.endDate ?? LAST_DATE, LAST_DATE].reduce((a, b) => (a < b ? a : b));
  const out: string[] = [];
  for (let k = firstStep(r, from); out.length < limit; k++) {
    const date = step(r, k);
    if (date > last) break;
    if (date >= from && date >= r.startDate) out.push(date);
  }
  return out;
}

/** Whether `date` is an occurrence of the schedule. */
export function isOccurrence(r: Recurrence, date: string): boolean {
  return occurrencesBetween(r, date, date, 1).length === 1;
}

/** The first occurrence at or after `from` that `open` accepts, or null (looks at most `limit` occurrences ahead). */
export function nextOccurrence(r: Recurrence, from: string, open: (date: string) => boolean, limit = 100_000): string | null {
  let cursor = from;
  let seen = 0;
  while (seen < limit) {
    const batch = occurrencesBetween(r, cursor, LAST_DATE, 500);
    if (batch.length === 0) return null;
    for (const date of batch) if (open(date)) return date;
    seen += batch.length;
    const next = addDays(batch[batch.length - 1]!, 1);
    if (next > LAST_DATE || next <= cursor) return null;
    cursor = next;
  }
  return null;
}
