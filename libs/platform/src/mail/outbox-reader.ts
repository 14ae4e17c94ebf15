import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailMessage } from './mail.js';
import { outboxRecipient, outboxTimestamp, parseOutboxMail, recipientOfOutboxFile } from './outbox-file.js';

async function listOutbox(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * The newest mail the outbox transport wrote to `email`, or null when there is none. With
 * `since`, only mails written at or after that moment count.
 */
export async function latestMailTo(dir: string, email: string, since?: Date): Promise<MailMessage | null> {
  const recipient = outboxRecipient(email);
  const wanted = email.trim().toLowerCase();
  const from = since ? outboxTimestamp(since) : '';
  const names = (await listOutbox(dir))
    .filter((name) => recipientOfOutboxFile(name) === recipient && name >= from)
    .sort()
    .reverse();
  for (const name of names) {
    const mail = parseOutboxMail(await readFile(join(dir, name), 'utf8'));
    if (mail.to.toLowerCase() === wanted) return { to: mail.to, subject: mail.subject, text: mail.text };
  }
  return null;
}

/** Polls `latestMailTo` until a mail arrives (the worker delivers asynchronously). */
export async function waitForMailTo(
  dir: string,
  email: string,
  options: { since?: Date; timeoutMs?: number } = {},
): Promise<MailMessage> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    const mail = await latestMailTo(dir, email, options.since);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail to ${email} arrived in ${dir} within the time limit`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
