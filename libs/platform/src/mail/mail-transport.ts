import { link, mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config.js';
import type { MailMessage } from './mail.js';
import { formatOutboxMail, outboxFileName } from './outbox-file.js';

/** Delivers one message now; throwing makes the queue retry it. */
export interface MailTransport {
  readonly kind: 'outbox' | 'smtp';
  deliver(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}

export const MAIL_TRANSPORT = Symbol.for('budget.MailTransport');

export interface MailLog {
  log(message: string): void;
}

/** Development delivery: one readable file per mail in the outbox folder, and a log line. */
export class OutboxMailTransport implements MailTransport {
  readonly kind = 'outbox';

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly logger: MailLog = new Logger('Mail'),
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Writes then links, so a reader never sees half a file and two mails never share a name. */
  async deliver(message: MailMessage): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const date = this.now();
    const content = formatOutboxMail({ ...message, from: this.from, date });
    const temp = join(this.dir, `.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`);
    await writeFile(temp, content, 'utf8');
    try {
      for (let ms = date.getTime(); ; ms += 1) {
        const path = join(this.dir, outboxFileName(new Date(ms), message.to));
        try {
          await link(temp, path);
          this.logger.log(`Mail to ${message.to} written to ${path}\n${content}`);
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        }
      }
    } finally {
      await unlink(temp).catch(() => undefined);
    }
  }
}

/** The part of a nodemailer transporter we use; tests pass a fake relay. */
export interface SmtpRelay {
  sendMail(mail: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
  close?(): void;
}

/** Production delivery through an SMTP relay. Never logs the body (it may hold a code). */
export class SmtpMailTransport implements MailTransport {
  readonly kind = 'smtp';

  constructor(
    private readonly relay: SmtpRelay,
    private readonly from: string,
    private readonly logger: MailLog = new Logger('Mail'),
  ) {}

  static fromUrl(smtpUrl: string, from: string, logger?: MailLog): SmtpMailTransport {
    return new SmtpMailTransport(nodemailer.createTransport(smtpUrl), from, logger);
  }

  async deliver(message: MailMessage): Promise<void> {
    await this.relay.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
    this.logger.log(`Mail to ${message.to} sent by SMTP: ${message.subject}`);
  }

  async close(): Promise<void> {
    this.relay.close?.();
  }
}

/** SMTP when `SMTP_URL` is set, otherwise the outbox folder (development and tests). */
export function createMailTransport(
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'mailOutboxDir'>,
  logger?: MailLog,
): MailTransport {
  return config.smtpUrl
    ? SmtpMailTransport.fromUrl(config.smtpUrl, config.mailFrom, logger)
    : new OutboxMailTransport(config.mailOutboxDir, config.mailFrom, logger);
}
