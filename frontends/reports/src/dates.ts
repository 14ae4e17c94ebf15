/*
 * Report dates always show four-digit years (the reports span years; `formatDate`'s MM/dd/yy
 * would make 1926 and 2026 look alike).
 */

/** "2026-03-04" → "03/04/2026". */
export function longDate(iso: string): string {
  const [year = '', month = '', day = ''] = iso.split('-');
  return `${month}/${day}/${year}`;
}

/** A month as "03/2026", from its year and month number. */
export function monthLabel(year: number, month: number): string {
  return `${String(month).padStart(2, '0')}/${String(year).padStart(4, '0')}`;
}

/** "2026-03" → "03/2026". */
export const isoMonthLabel = (isoMonth: string) => monthLabel(Number(isoMonth.slice(0, 4)), Number(isoMonth.slice(5, 7)));

/** The `count` months ending with `year`-`month`, oldest first. */
export function monthsEnding(year: number, month: number, count: number): { year: number; month: number }[] {
  return Array.from({ length: count }, (_, index) => {
    const back = count - 1 - index;
    const total = year * 12 + (month - 1) - back;
    return { year: Math.floor(total / 12), month: (total % 12) + 1 };
  });
}

const DAY_MS = 86_400_000;
const toUtc = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));

/** Every calendar day from `first` to `last`, both included, as YYYY-MM-DD. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = toUtc(first); day <= toUtc(last); day += DAY_MS) days.push(new Date(day).toISOString().slice(0, 10));
  return days;
}
