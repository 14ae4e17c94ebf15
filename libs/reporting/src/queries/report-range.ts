import { centsFromDb, dollarsFromCents } from '@budget/money';
import type { Pool } from '@budget/platform';

/** Anything that runs a statement: the pool, or a client inside a READ ONLY transaction. */
export type Db = Pick<Pool, 'query'>;

/** Cents as the database answers them (bigint text), in dollars for an answer. */
export const dollars = (cents: string | number | null | undefined) => dollarsFromCents(centsFromDb(cents ?? 0));

const day = (date: Date) => date.toISOString().slice(0, 10);
const parse = (date: string) => new Date(`${date}T00:00:00Z`);
const firstOfMonth = (date: string, add = 0) => {
  const d = parse(date);
  return day(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1)));
};
/** The date `days` days after `date` (YYYY-MM-DD). */
export const addDays = (date: string, days: number) => day(new Date(parse(date).getTime() + days * 86_400_000));

/**
 * A report's range split for its pre-aggregates (docs/architecture.md §4 "Reports"): the whole
 * months inside [lo, hi] are read from the monthly rows (`fullLo` ≤ month < `fullHi`), the days
 * outside them from the per-transaction facts (lo ≤ date ≤ hi and (date < fullLo or date ≥ fullHi)).
 * An open end is ±infinity; a range inside one month has no whole month (both bounds infinity).
 */
export interface EdgeRange {
  lo: string;
  hi: string;
  fullLo: string;
  fullHi: string;
}
export function edgeRange(startDate?: string, endDate?: string): EdgeRange {
  const lo = startDate ?? '-infinity';
  const hi = endDate ?? 'infinity';
  const fullLo = startDate === undefined ? '-infinity' : startDate.endsWith('-01') ? startDate : firstOfMonth(startDate, 1);
  const fullHi = endDate === undefined ? 'infinity' : addDays(endDate, 1).endsWith('-01') ? addDays(endDate, 1) : firstOfMonth(endDate);
  const none = startDate !== undefined && endDate !== undefined && fullLo >= fullHi;
  return none ? { lo, hi, fullLo: 'infinity', fullHi: 'infinity' } : { lo, hi, fullLo, fullHi };
}

/** The first day of the month `months` months from the month of `date`. */
export const monthStart = firstOfMonth;
