import type { Queryable } from '../postgres/pool.js';

/** One e-mail to send. Composed by the domain, delivered by the worker (outbox folder or SMTP). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * Optional caller-chosen key (for example the one-time code's id): queueing the same key twice
   * while the first job is still known to the queue delivers once.
   */
  idempotencyKey?: string;
}

/** Hands mail to the background queue; never blocks a request on a mail server. */
export interface MailSender {
  /**
   * With `db`, the client of an open transaction, the mail is part of that transaction (the job
   * outbox): queued if it commits, never if it rolls back.
   */
  send(message: MailMessage, db?: Queryable): Promise<void>;
}

export const MAIL_SENDER = Symbol.for('budget.MailSender');
export const MAIL_QUEUE_NAME = 'mail';
