import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DelayedError, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  BANK_SYNC_QUEUE, BankSyncQueue, DAILY_SYNC_JOB, ItemNeedsRelinkError, PlaidGateway, PlaidItemStore, syncableItemIds, syncItem,
  type BankSyncJobData, type BankSyncJobResult,
} from '@budget/bank-sync';
import type { RecordBankFeed, RecordBankFeedResult } from '@budget/contracts';
import { CLOCK, PG_POOL, REDIS, type Clock, type Pool } from '@budget/platform';
import { BANK_SYNC_WORKER_OPTIONS, type BankSyncWorkerOptions } from './bank-sync.options.js';

/**
 * Consumes the `bank-sync` queue: one job syncs one Plaid item (`syncItem`), recording its rows
 * through the ledger's `RecordBankFeed` on the CommandBus — the same command path as the API.
 * ITEM_LOGIN_REQUIRED fails the job for good (the item is marked for relink); anything else is
 * retried with the job's exponential backoff. An item synced less than `minIntervalMs` ago waits
 * (the job is delayed, not failed). The `daily` job asks for a sync of every healthy item.
 */
@Injectable()
export class BankSyncWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('BankSyncWorker');
  private worker: Worker<BankSyncJobData, BankSyncJobResult | { requested: number } | { skipped: string }> | undefined;
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
    this.queue = new BankSyncQueue({ redisUrl, prefix, backoffMs });
    if (dailyPattern) await this.queue.scheduleDaily(dailyPattern);
    const worker = new Worker<BankSyncJobData, BankSyncJobResult | { requested: number } | { skipped: string }>(
      BANK_SYNC_QUEUE,
      (job, token) => this.process(job, token),
      { connection: { url: redisUrl, maxRetriesPerRequest: null }, prefix, concurrency },
    );
    worker.on('failed', (job, error) => {
      const attempts = job?.opts.attempts ?? 1;
      const made = job?.attemptsMade ?? 0;
      this.logger.warn(`Sync of item ${job?.data.itemId ?? '?'} failed (attempt ${made}/${attempts}${made < attempts ? ', will retry' : ', giving up'}): ${error.message}`);
    });
    worker.on('error', (error) => this.logger.error(`Bank-sync worker error: ${error.message}`));
    this.worker = worker;
    await worker.waitUntilReady();
    this.logger.log(`Syncing Plaid items from queue "${BANK_SYNC_QUEUE}" (concurrency ${concurrency})`);
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
    this.worker = undefined;
  }

  private async process(job: Job<BankSyncJobData>, token: string | undefined) {
    if (job.name === DAILY_SYNC_JOB) {
      const ids = await syncableItemIds(this.pool);
      for (const itemId of ids) await this.queue!.request(itemId, 'daily');
      return { requested: ids.length };
    }
    const { itemId } = job.data;
    const item = await this.items.findByItemId(itemId);
    if (!item) return { skipped: 'unknown item' };
    // The per-item limiter: a sync asked for right after the last one waits for its turn.
    const lastKey = `${this.options.prefix}:${BANK_SYNC_QUEUE}:last:${itemId}`;
    const waitMs = this.options.minIntervalMs > 0 ? await this.redis.pttl(lastKey) : -2;
    if (waitMs > 0 && token) {
      await job.moveToDelayed(Date.now() + waitMs, token);
      throw new DelayedError();
    }
    try {
      const result = await syncItem(
        item,
        {
          plaid: this.gateway.as({ userId: item.userId, itemId }),
          items: this.items,
          record: (command: RecordBankFeed) => this.commands.execute(command) as Promise<RecordBankFeedResult>,
          now: () => this.clock.now(),
        },
        this.options.chunkSize === undefined ? {} : { chunkSize: this.options.chunkSize },
      );
      if (this.options.minIntervalMs > 0) await this.redis.set(lastKey, '1', 'PX', this.options.minIntervalMs);
      this.logger.log(`Synced item ${itemId} (${job.data.reason}): ${result.pages} page(s), ${result.restarts} restart(s), +${result.ledger.added} ~${result.ledger.changed} -${result.ledger.removed}`);
      return { itemId, pages: result.pages, restarts: result.restarts, ledger: result.ledger, syncedAt: this.clock.now().toISOString() };
    } catch (error) {
      if (error instanceof ItemNeedsRelinkError) throw new UnrecoverableError(error.message);
      throw error;
    }
  }
}
