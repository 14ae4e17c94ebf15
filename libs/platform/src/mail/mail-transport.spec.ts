import { describe, expect, it } from 'vitest';
import { createMailTransport, SmtpMailTransport, type SmtpRelay } from './mail-transport.js';
import { mailJobId } from './bullmq-mail-sender.js';

const quiet = { log: () => undefined };

describe('SmtpMailTransport', () => {
  it('given a relay, when a mail is delivered, then the relay gets it with the configured sender', async () => {
    const sent: unknown[] = [];
    const relay: SmtpRelay = { sendMail: async (mail) => void sent.push(mail) };

    await new SmtpMailTransport(relay, 'Budget <no-reply@budget.local>', quiet).deliver({ to: 'ann@example.com', subject: 'Hi', text: 'Body' });

    expect(sent).toEqual([{ from: 'Budget <no-reply@budget.local>', to: 'ann@example.com', subject: 'Hi', text: 'Body' }]);
  });

  it('given a failing relay, when a mail is delivered, then the error reaches the queue for a retry', async () => {
    const relay: SmtpRelay = { sendMail: async () => Promise.reject(new Error('421 try later')) };

    await expect(new SmtpMailTransport(relay, 'a@b.c', quiet).deliver({ to: 'x@y.z', subject: 's', text: 't' })).rejects.toThrow('421');
  });
});

describe('createMailTransport', () => {
  const base = { mailFrom: 'a@b.c', mailOutboxDir: '/tmp/outbox' };

  it('chooses SMTP when SMTP_URL is set', () => {
    expect(createMailTransport({ ...base, smtpUrl: 'smtp://127.0.0.1:2525' }, quiet).kind).toBe('smtp');
  });

  it('chooses the outbox folder otherwise', () => {
    expect(createMailTransport({ ...base, smtpUrl: undefined }, quiet).kind).toBe('outbox');
  });
});

describe('mailJobId', () => {
  it('never contains a colon, and is stable for an idempotency key', () => {
    const id = mailJobId({ to: 'a@b.c', subject: 's', text: 't', idempotencyKey: 'otp:123' });

    expect(id).toBe('mail-otp_123');
    expect(mailJobId({ to: 'a@b.c', subject: 's', text: 't' })).not.toContain(':');
  });
});
