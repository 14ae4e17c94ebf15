import { randomUUID } from 'node:crypto';
import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { MAIL_QUEUE_NAME, type MailMessage, type MailSender } from './mail.js';

/** Name of the one job type on the `mail` queue. */
export const MAIL_JOB_NAME = 'deliver';

/** What a mail job carries: the message without its idempotency key (that became the job id). */
export type MailJobData = Omit<MailMessage, 'idempotencyKey'>;

export interface BullMqMailSenderOptions {
  /** Redis key prefix of the queue (`AppConfig.queuePrefix`); BullMQ's default is `bull`. Tests use a unique one. */
  prefix?: string;
  /** How many times a job is tried in all. */
  attempts?: number;
  /** Delay before the first retry; it doubles on every further retry. */
  backoffDelayMs?: number;
}

/** BullMQ refuses job ids with `:` (its key separator), so keys are mapped to a safe alphabet. */
export function mailJobId(message: Pick<MailMessage, 'idempotencyKey'>): string {
  const key = message.idempotencyKey?.replace(/[^A-Za-z0-9_.@-]/g, '_');
  return `mail-${key ?? randomUUID()}`;
}

/** A mail job's retries (exponential backoff) and how long BullMQ keeps it once it ended. */
export function mailJobOptions(options: Pick<BullMqMailSenderOptions, 'attempts' | 'backoffDelayMs'> = {}): JobsOptions {
  return {
    attempts: options.attempts ?? 5,
    backoff: { type: 'exponential', delay: options.backoffDelayMs ?? 2_000 },
    removeOnComplete: { age: 24 * 3600, count: 1_000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  };
}

/**
 * `MailSender` that queues each message on the `mail` queue straight away; `services/worker`
 * delivers it. Redis alone holds the job: the API uses `JobOutboxMailSender` instead, whose mail is
 * part of the write's transaction.
 */
export class BullMqMailSender implements MailSender {
  private readonly queue: Queue<MailJobData>;
  private readonly jobOptions: JobsOptions;

  constructor(connection: string | Redis, options: BullMqMailSenderOptions = {}) {
    this.queue = new Queue<MailJobData>(MAIL_QUEUE_NAME, {
      connection: typeof connection === 'string' ? { url: connection } : connection,
      ...(options.prefix ? { prefix: options.prefix } : {}),
    });
    this.jobOptions = mailJobOptions(options);
  }

  async send(message: MailMessage): Promise<void> {
    const { idempotencyKey: _key, ...data } = message;
    await this.queue.add(MAIL_JOB_NAME, data, { ...this.jobOptions, jobId: mailJobId(message) });
  }

  async close(): Promise<void> {
    await this.queue.close();
  }

  /** Nest calls this when the sender is a provider of a closing application. */
  async onModuleDestroy(): Promise<void> {
    await this.close();
  }
}
