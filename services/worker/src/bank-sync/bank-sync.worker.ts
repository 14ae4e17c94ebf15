import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { BANK_SYNC_QUEUE, BankSyncQueue, PlaidGateway, PlaidItemStore, runBankSyncJob, type BankSyncJobAnswer, type BankSyncJobData } from '@budget/bank-sync';
import { enqueuePush } from '@budget/identity';
import { CLOCK, finishOutboxJob, finishOutboxJobIfFailedForGood, outboxProcessor, PG_POOL, REDIS, observeJobs, type Clock, type Pool } from '@budget/platform';
import { BANK_SYNC_WORKER_OPTIONS, type BankSyncWorkerOptions } from './bank-sync.options.js';

/**
 * Consumes the `bank-sync` queue: one job syncs one Plaid item (`syncItem`), recording its rows
 * through the ledger's `RecordBankFeed` on the CommandBus — the same command path as the API.
 * ITEM_LOGIN_REQUIRED fails the job for good (the item is marked for relink); anything else is
 * retried with the job's exponential backoff. An item synced less than `minIntervalMs` ago waits
 * (the job is delayed, not failed). The `daily` job asks for a sync of every healthy item.
 * Jobs that came through the job outbox (a link's first sync, the webhook's; README "No job lost")
 * are run by `outboxProcessor`: a copy of a finished one is skipped, a completed one marks its row
 * finished, and one that failed for good marks it failed.
 */
@Injectable()
export class BankSyncWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('BankSyncWorker');
  private worker: Worker<BankSyncJobData, BankSyncJobAnswer | undefined> | undefined;
  private queue: BankSyncQueue | undefined;

  constructor(
    @Inject(BANK_SYNC_WORKER_OPTIONS) private readonly options: BankSyncWorkerOptions,
    @Inject(PlaidItemStore) private readonly items: PlaidItemStore,
    @Inject(PlaidGateway) private readonly gateway: PlaidGateway,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { redisUrl, prefix, concurrency, backoffMs, dailyPattern } = this.options;
    if (this.options.consume === false) return;
    this.queue = new BankSyncQueue({ redisUrl, prefix, backoffMs });
    if (dailyPattern) await this.queue.scheduleDaily(dailyPattern);
    const worker = new Worker<BankSyncJobData, BankSyncJobAnswer | undefined>(
      BANK_SYNC_QUEUE,
      outboxProcessor<BankSyncJobData, BankSyncJobAnswer>(this.pool, (job, token) => this.process(job, token)),
      {
        connection: { url: redisUrl, maxRetriesPerRequest: null }, prefix, concurrency,
        lockDuration: this.options.lockDurationMs, stalledInterval: Math.min(30_000, this.options.lockDurationMs),
      },
    );
    worker.on('failed', (job, error) => {
      const attempts = job?.opts.attempts ?? 1;
      const made = job?.attemptsMade ?? 0;
      this.logger.warn(`Sync of item ${job?.data.itemId ?? '?'} failed (attempt ${made}/${attempts}${made < attempts ? ', will retry' : ', giving up'}): ${error.message}`);
      // ITEM_LOGIN_REQUIRED (UnrecoverableError) is not tried again, whatever attempts are left.
      const finishing = error instanceof UnrecoverableError && job?.id ? finishOutboxJob(this.pool, job.id, 'failed') : finishOutboxJobIfFailedForGood(this.pool, job);
      finishing.catch((e: Error) => this.logger.error(`Sync job ${job?.id ?? '?'}: outbox row not marked failed: ${e.message}`));
    });
    worker.on('error', (error) => this.logger.error(`Bank-sync worker error: ${error.message}`));
    observeJobs(worker, BANK_SYNC_QUEUE);
    this.worker = worker;
    await worker.waitUntilReady();
    this.logger.log(`Syncing Plaid items from queue "${BANK_SYNC_QUEUE}" (concurrency ${concurrency})`);
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
    this.worker = undefined;
  }

  private async process(job: Job<BankSyncJobData>, token?: string): Promise<BankSyncJobAnswer> {
    try {
      const answer = await this.sync(job, token);
      if ('ledger' in answer && (answer.ledger.unassigned ?? 0) > 0) await this.push(job, 'unassigned', answer.ledger.unassigned ?? 0);
      return answer;
    } catch (error) {
      // Only ITEM_LOGIN_REQUIRED and the other relink codes end a sync for good (sync-job.ts).
      if (error instanceof UnrecoverableError) await this.push(job, 'relink', 0);
      throw error;
    }
  }

  /**
   * Asks the push worker to tell the item's user (server-behaviour §5.3): new rows left in
   * Unassigned by this sync, or a bank to relink. Through the job outbox; a failure to ask is logged
   * and never fails the sync. A sync that ran again records no new rows, so it asks nothing twice.
   */
  private async push(job: Job<BankSyncJobData>, kind: 'unassigned' | 'relink', count: number): Promise<void> {
    try {
      const item = await this.items.findByItemId(job.data.itemId);
      if (!item) return;
      const data = kind === 'unassigned' ? { userId: item.userId, kind, count } : { userId: item.userId, kind, institutionName: null };
      await enqueuePush(this.pool, data);
    } catch (error) {
      this.logger.error(`Push for sync of item ${job.data.itemId} not queued: ${(error as Error).message}`);
    }
  }

  private sync(job: Job<BankSyncJobData>, token?: string): Promise<BankSyncJobAnswer> {
    return runBankSyncJob(job, token, {
      items: this.items, gateway: this.gateway, commands: this.commands, pool: this.pool, redis: this.redis, clock: this.clock, queue: this.queue!,
      prefix: this.options.prefix, minIntervalMs: this.options.minIntervalMs, ...(this.options.chunkSize === undefined ? {} : { chunkSize: this.options.chunkSize }),
      log: (line) => this.logger.log(line),
    });
  }
}
