const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

const two = (value: number) => String(value).padStart(2, '0');

/**
 * Formats a date as MM/dd/yy. A calendar date ("2025-03-04") is shown as written; a timestamp
 * ("2025-03-04T23:10:00Z") is shown in the viewer's time zone.
 */
export function formatDate(value: string | Date): string {
  if (typeof value === 'string' && value.length === 10) {
    const match = ISO_DATE.exec(value);
    if (match) return `${match[2]}/${match[3]}/${match[1]?.slice(2)}`;
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${two(date.getMonth() + 1)}/${two(date.getDate())}/${two(date.getFullYear() % 100)}`;
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
