import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import {
  finishOutboxJobIfFailedForGood, MAIL_QUEUE_NAME, MAIL_TRANSPORT, observeJobs, outboxProcessor, PG_POOL, type MailJobData, type MailTransport, type Pool,
} from '@budget/platform';
import { MAIL_WORKER_OPTIONS, type MailWorkerOptions } from './mail-worker.options.js';

/**
 * Consumes the `mail` queue and delivers through the configured transport. A delivery that throws
 * is retried by BullMQ with the job's exponential backoff. A mail from the job outbox marks its
 * row finished once delivered (or failed for good), and a copy of a finished one is skipped.
 * Closing drains: running deliveries finish before the process lets go of Redis.
 */
@Injectable()
export class MailWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('MailWorker');
  private worker: Worker<MailJobData> | undefined;
  private running = 0;

  constructor(
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(MAIL_WORKER_OPTIONS) private readonly options: MailWorkerOptions,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const worker = new Worker<MailJobData>(MAIL_QUEUE_NAME, outboxProcessor(this.pool, (job: Job<MailJobData>) => this.process(job)), {
      connection: { url: this.options.redisUrl, maxRetriesPerRequest: null },
      concurrency: this.options.concurrency,
      prefix: this.options.prefix,
    });
    worker.on('failed', (job, error) => {
      const attempts = job?.opts.attempts ?? 1;
      const made = job?.attemptsMade ?? 0;
      const next = made < attempts ? 'will retry' : 'giving up';
      this.logger.warn(`Mail job ${job?.id ?? '?'} failed (attempt ${made}/${attempts}, ${next}): ${error.message}`);
      finishOutboxJobIfFailedForGood(this.pool, job).catch((e: Error) => this.logger.error(`Mail job ${job?.id ?? '?'}: outbox row not marked failed: ${e.message}`));
    });
    worker.on('error', (error) => this.logger.error(`Mail worker error: ${error.message}`));
    observeJobs(worker, MAIL_QUEUE_NAME);
    this.worker = worker;
    await worker.waitUntilReady();
    this.logger.log(`Delivering mail by ${this.transport.kind} from queue "${MAIL_QUEUE_NAME}" (concurrency ${this.options.concurrency})`);
  }

  async onModuleDestroy(): Promise<void> {
    if (!this.worker) return;
    this.logger.log(`Draining mail worker: waiting for ${this.running} running job(s) to finish`);
    await this.worker.close();
    this.worker = undefined;
    await this.transport.close?.();
    this.logger.log('Mail worker drained and closed');
  }

  private async process(job: Job<MailJobData>): Promise<void> {
    this.running += 1;
    try {
      await this.transport.deliver(job.data);
    } finally {
      this.running -= 1;
    }
  }
}
