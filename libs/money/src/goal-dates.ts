/**
 * Calendar-month arithmetic on `YYYY-MM-DD` dates for goals and bills. Pure string and integer
 * work: no time zones, no `Date` parsing of local times.
 */

function parts(date: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) throw new RangeError(`not a calendar date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Months since year 0 of the date's month: differences of these count whole calendar months. */
export function monthIndex(date: string): number {
  const [year, month] = parts(date);
  return year * 12 + (month - 1);
}

/** The first day of the month `index` (see `monthIndex`). */
export function monthStart(index: number): string {
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}-01`;
}

export function firstOfMonth(date: string): string {
  return monthStart(monthIndex(date));
}

/** First day of the month after the date's (the spec's default goal date). */
export function firstOfNextMonth(date: string): string {
  return monthStart(monthIndex(date) + 1);
}

/** The first day of the month `n` months after the date's month (n may be negative). */
export function monthStartAfter(date: string, n: number): string {
  return monthStart(monthIndex(date) + n);
}

/** Whole calendar months from the month of `from` to the month of `to` (negative when earlier). */
export function monthsBetween(from: string, to: string): number {
  return monthIndex(to) - monthIndex(from);
}

/** The date `n` months later, its day clamped to the end of a shorter month (01-31 + 1 → 02-28). */
export function addMonths(date: string, n: number): string {
  const [, , day] = parts(date);
  const index = monthIndex(date) + n;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(day, daysIn(year, month)))}`;
}

/**
 * The next due date of a recurring goal seen on `today`: a goal whose month is before today's
 * month moves forward by whole recurrences (`ceil(monthsBehind / recurrence) × recurrence` months,
 * rule 18: a goal of 2025-03 every 6 months seen in 2025-07 is due 2025-09). A goal in today's
 * month or later stays where it is.
 */
export function nextDueDate(goalDate: string, today: string, recurrence: number): string {
  const behind = monthsBetween(goalDate, today);
  if (behind <= 0) return goalDate.slice(0, 10);
  const every = Math.max(1, Math.trunc(recurrence));
  return addMonths(goalDate, Math.ceil(behind / every) * every);
}

/** A blank goal date means the first day of next month (product-spec §4, §9). */
export function goalDateOrDefault(goalDate: string | null | undefined, today: string): string {
  return goalDate && goalDate.trim() !== '' ? goalDate.slice(0, 10) : firstOfNextMonth(today);
}

/**
 * The goal date a new category gets when none is given: the next due date from its recurrence,
 * the first day of the month `recurrence` months ahead — the first day of next month for a
 * monthly one (product-spec §5, §9).
 */
export function defaultGoalDate(today: string, recurrence: number): string {
  return monthStartAfter(today, Math.max(1, Math.trunc(recurrence)));
}
