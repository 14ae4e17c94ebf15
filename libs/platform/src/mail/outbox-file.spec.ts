import { describe, expect, it } from 'vitest';
import { formatOutboxMail, outboxFileName, parseOutboxMail, recipientOfOutboxFile } from './outbox-file.js';

describe('outbox file format', () => {
  const date = new Date('2026-01-22T10:15:02.123Z');

  it('given a mail, when formatted and parsed back, then every field survives', () => {
    const mail = { from: 'Budget <no-reply@budget.local>', to: 'ann@example.com', subject: 'Your code', text: 'Code: 123456\n\nBye', date };

    const parsed = parseOutboxMail(formatOutboxMail(mail));

    expect(parsed).toEqual({ ...mail, date: new Date('2026-01-22T10:15:02.000Z') });
  });

  it('given a subject with a line break, when formatted, then the header stays on one line', () => {
    const text = formatOutboxMail({ from: 'a@b.c', to: 'ann@example.com', subject: 'one\r\nBcc: x@y.z', text: 'hi', date });

    expect(text.split('\n').filter((line) => line.startsWith('Bcc'))).toEqual([]);
  });

  it('names files <timestamp>-<to>.txt that sort by time and give the recipient back', () => {
    const name = outboxFileName(date, 'Ann-Marie@Example.com');

    expect(name).toBe('20260122T101502123Z-ann-marie@example.com.txt');
    expect(recipientOfOutboxFile(name)).toBe('ann-marie@example.com');
    expect(recipientOfOutboxFile('.123.tmp')).toBeNull();
    expect(outboxFileName(new Date(date.getTime() + 1), 'a@b.c') > outboxFileName(date, 'a@b.c')).toBe(true);
  });
});
