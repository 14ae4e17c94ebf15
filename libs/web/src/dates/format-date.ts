const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

const two = (value: number) => String(value).padStart(2, '0');

/**
 * The user's date format (the user page's preference); `MM/DD/YYYY` until the shell sets one.
 * Every format writes the year with four digits: a two-digit year showed 2199 and 1999 alike
 * (dates run 1900–2199, docs/architecture.md "Contracts at the edge").
 */
export type DateFormat = 'MM/DD/YYYY' | 'DD/MM/YYYY' | 'YYYY-MM-DD';
let dateFormat: DateFormat = 'MM/DD/YYYY';

/** Set by the shell from the signed-in user's preferences; every later `formatDate` follows it. */
export function setDateFormat(format: DateFormat): void {
  dateFormat = format;
}

/** The user's first day of the week (0 Sunday, 1 Monday; the user page's preference); Sunday until set. */
let firstDayOfWeek: 0 | 1 = 0;

/** Set by the shell from the signed-in user's preferences (weekly report buckets start on it). */
export function setWeekStart(day: 0 | 1): void {
  firstDayOfWeek = day;
}

export function weekStart(): 0 | 1 {
  return firstDayOfWeek;
}

function arrange(year: string, month: string, day: string): string {
  switch (dateFormat) {
    case 'MM/DD/YYYY':
      return `${month}/${day}/${year}`;
    case 'DD/MM/YYYY':
      return `${day}/${month}/${year}`;
    case 'YYYY-MM-DD':
      return `${year}-${month}-${day}`;
  }
}

/**
 * Formats a date in the user's format (`setDateFormat`; MM/DD/YYYY until one is set). A calendar
 * date ("2025-03-04") is shown as written; a timestamp ("2025-03-04T23:10:00Z") is shown in the
 * viewer's time zone.
 */
export function formatDate(value: string | Date): string {
  if (typeof value === 'string' && value.length === 10) {
    const match = ISO_DATE.exec(value);
    if (match) return arrange(match[1]!, match[2]!, match[3]!);
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return arrange(String(date.getFullYear()).padStart(4, '0'), two(date.getMonth() + 1), two(date.getDate()));
}

/** A local calendar date as YYYY-MM-DD, the wire format of dates and of date inputs. */
export function toIsoDate(date: Date): string {
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** The default report range: from one year before `today` up to `today`. */
export function lastYear(today: Date): { startDate: string; endDate: string } {
  const start = new Date(today.getFullYear() - 1, today.getMonth(), today.getDate());
  return { startDate: toIsoDate(start), endDate: toIsoDate(today) };
}
