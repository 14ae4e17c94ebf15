import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import { PUSH_QUEUE, WebPushSender, type PushJobData, type PushOutcome } from '@budget/identity';
import { finishOutboxJobIfFailedForGood, outboxProcessor, observeJobs, PG_POOL, type Pool } from '@budget/platform';
import { PUSH_WORKER_OPTIONS, type PushWorkerOptions } from './push-worker.options.js';

/**
 * Consumes the `push` queue (jobs come through the job outbox: a sync that left new rows in
 * Unassigned, or an item that needs relinking) and sends each to every push subscription of its
 * user with the VAPID key (server-behaviour §5.3). A 404/410 from a push service drops that
 * subscription; a push that reached no subscription is retried with the job's backoff, and a
 * failure never touches the sync that asked for it.
 */
@Injectable()
export class PushWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('PushWorker');
  private worker: Worker<PushJobData> | undefined;

  constructor(
    @Inject(PUSH_WORKER_OPTIONS) private readonly options: PushWorkerOptions,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const sender = new WebPushSender(this.pool, this.options.vapid, this.options.agent ? { agent: this.options.agent } : {});
    const worker = new Worker<PushJobData, PushOutcome | undefined>(
      PUSH_QUEUE,
      outboxProcessor(this.pool, async (job: Job<PushJobData>) => {
        const outcome = await sender.send(job.data);
        this.logger.log(`Push ${job.data.kind} to user ${job.data.userId}: ${outcome.sent} sent, ${outcome.removed} dropped (gone), ${outcome.failed} failed`);
        return outcome;
      }),
      { connection: { url: this.options.redisUrl, maxRetriesPerRequest: null }, concurrency: this.options.concurrency, prefix: this.options.prefix },
    );
    worker.on('failed', (job, error) => {
      this.logger.warn(`Push job ${job?.id ?? '?'} failed (attempt ${job?.attemptsMade ?? 0}/${job?.opts.attempts ?? 1}): ${error.message}`);
      finishOutboxJobIfFailedForGood(this.pool, job).catch((e: Error) => this.logger.error(`Push job ${job?.id ?? '?'}: outbox row not marked failed: ${e.message}`));
    });
    worker.on('error', (error) => this.logger.error(`Push worker error: ${error.message}`));
    observeJobs(worker, PUSH_QUEUE);
    this.worker = worker;
    await worker.waitUntilReady();
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
    this.worker = undefined;
  }
}
