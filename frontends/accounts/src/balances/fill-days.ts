import type { Cents } from '@budget/money';

export interface DayBalance {
  date: string;
  cents: Cents;
}

const DAY_MS = 86_400_000;
const toUtc = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * One balance per day from the oldest entry to the newest, oldest first: a day without an entry
 * keeps the earlier balance (spec §3 "Account balance entry").
 */
export function fillDays(entries: readonly DayBalance[]): DayBalance[] {
  const sorted = [...entries].sort((a, b) => a.date.localeCompare(b.date));
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last) return [];
  const byDate = new Map(sorted.map((entry) => [entry.date, entry.cents]));
  const days: DayBalance[] = [];
  let cents = first.cents;
  for (let day = toUtc(first.date); day <= toUtc(last.date); day += DAY_MS) {
    const date = fromUtc(day);
    cents = byDate.get(date) ?? cents;
    days.push({ date, cents });
  }
  return days;
}

/** "2026-03-04" → "03/04/2026": the chart's dates keep four-digit years. */
export const chartDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
