import { formatDate } from '../dates/format-date.js';

/** The moment a log line was recorded, with its time of day. */
export function logMoment(iso: string): string {
  const at = new Date(iso);
  return `${formatDate(iso.slice(0, 10))} ${at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
}
