import type { MailMessage } from './mail.js';

/**
 * The outbox file format: RFC 5322-style headers, a blank line, then the plain-text body, so a
 * person can open it in an editor or a mail client (`.txt`, readable as `.eml`).
 * File names are `<timestamp>-<to>.txt`; the timestamp has no `-`, so the first `-` ends it and
 * names sort by time.
 */
export interface OutboxMail extends MailMessage {
  from: string;
  date: Date;
}

const header = (value: string): string => value.replace(/[\r\n]+/g, ' ').trim();

export function formatOutboxMail(mail: OutboxMail): string {
  return [
    `From: ${header(mail.from)}`,
    `To: ${header(mail.to)}`,
    `Subject: ${header(mail.subject)}`,
    `Date: ${mail.date.toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    mail.text,
  ].join('\n');
}

export function parseOutboxMail(content: string): OutboxMail {
  const split = content.indexOf('\n\n');
  const head = split === -1 ? content : content.slice(0, split);
  const headers = new Map<string, string>();
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return {
    from: headers.get('from') ?? '',
    to: headers.get('to') ?? '',
    subject: headers.get('subject') ?? '',
    date: new Date(headers.get('date') ?? 0),
    text: split === -1 ? '' : content.slice(split + 2),
  };
}

/** `20260122T101502123Z`: sortable, no `-` and no `:` (valid on every file system). */
export function outboxTimestamp(date: Date): string {
  return date.toISOString().replace(/[-:.]/g, '');
}

/** The recipient as it appears in a file name. */
export function outboxRecipient(to: string): string {
  return to.trim().toLowerCase().replace(/[^a-z0-9@._+-]/g, '_');
}

export function outboxFileName(date: Date, to: string): string {
  return `${outboxTimestamp(date)}-${outboxRecipient(to)}.txt`;
}

/** The recipient part of an outbox file name, or null when the name is not an outbox file. */
export function recipientOfOutboxFile(fileName: string): string | null {
  const match = /^\d{8}T\d{9}Z-(.+)\.txt$/.exec(fileName);
  return match?.[1] ?? null;
}
