/** How the mail worker reaches its queue. */
export interface MailWorkerOptions {
  redisUrl: string;
  /** Redis key prefix of the queue (`AppConfig.queuePrefix`). Tests use a unique one. */
  prefix: string;
  /** Mails delivered in parallel. */
  concurrency: number;
}

export const MAIL_WORKER_OPTIONS = Symbol.for('budget.worker.MailWorkerOptions');
