import type { Queryable } from '../postgres/pool.js';
import { enqueueInTransaction } from '../queue/job-outbox.js';
import { MAIL_JOB_NAME, mailJobId, mailJobOptions, type MailJobData } from './bullmq-mail-sender.js';
import { MAIL_QUEUE_NAME, type MailMessage, type MailSender } from './mail.js';

/**
 * `MailSender` through the job outbox (README "No job lost"): the mail is a `job_outbox` row of
 * the caller's transaction when `send` is given its client, so a committed sign-up always has its
 * code mail and a rolled-back one has none. The worker's relay moves it to the `mail` queue.
 */
export class JobOutboxMailSender implements MailSender {
  constructor(
    private readonly pool: Queryable,
    private readonly options: { attempts?: number; backoffDelayMs?: number } = {},
  ) {}

  async send(message: MailMessage, db: Queryable = this.pool): Promise<void> {
    const { idempotencyKey: _key, ...data } = message;
    await enqueueInTransaction<MailJobData>(db, {
      queue: MAIL_QUEUE_NAME,
      name: MAIL_JOB_NAME,
      data,
      jobId: mailJobId(message),
      opts: mailJobOptions(this.options),
    });
  }
}
