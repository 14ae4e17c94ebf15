import { Job, Queue, QueueEvents, type JobsOptions } from 'bullmq';
import { enqueueInTransaction, type Queryable } from '@budget/platform';
import type { SyncItemResult } from './sync-item.js';

/** The BullMQ queue of Plaid syncs (its Redis keys carry the deployment's queue prefix). */
export const BANK_SYNC_QUEUE = 'bank-sync';

/** What a sync job carries: the item only; everything else is read when it runs. */
export interface BankSyncJobData {
  itemId: string;
  /** Why it was asked for, for the logs: 'webhook', 'user', 'daily', 'link'. */
  reason: string;
}

/** What a finished sync job answers (kept with the completed job for `waitUntilFinished`). */
export type BankSyncJobResult = Pick<SyncItemResult, 'itemId' | 'pages' | 'restarts'> & { ledger: SyncItemResult['ledger']; syncedAt: string };

/** The daily sync of every item (a job scheduler, so a restart or a second worker never doubles it). */
export const DAILY_SYNC_SCHEDULER = 'bank-sync-daily';
export const DAILY_SYNC_JOB = 'daily';

/**
 * A sync job of one item. De-duplicated per item: while one is waiting, more requests (50 webhooks
 * in a burst) add nothing; while one runs, one more is kept to run after it (`keepLastIfActive`),
 * so changes that arrive mid-sync are fetched, and never two syncs of an item at once. Five
 * attempts with exponential backoff (5 s, 10 s, 20 s, …) for Plaid's 429s, 5xx and outages.
 */
export function bankSyncJobOptions(itemId: string, backoffMs = 5_000): JobsOptions {
  return {
    deduplication: { id: `item:${itemId}`, keepLastIfActive: true },
    attempts: 5,
    backoff: { type: 'exponential', delay: backoffMs },
    removeOnComplete: { age: 3_600, count: 1_000 },
    removeOnFail: { age: 7 * 24 * 3_600 },
  };
}

/**
 * Asks for a sync of an item through the job outbox (README "No job lost"): a `job_outbox` row
 * written with `db` (the asking write's transaction client, or a pool: a transaction of its own),
 * which the worker's relay copies to the queue once it committed, and again should Redis lose it.
 * The job keeps the per-item de-duplication of `bankSyncJobOptions`. `jobId`, derived from the
 * item and the event that asked (`link-<itemId>`), makes a retried write add nothing; without
 * it every call is a job of its own (folded by the de-duplication while one is waiting).
 */
export function enqueueSync(db: Queryable, itemId: string, reason: string, jobId?: string): Promise<string> {
  return enqueueInTransaction<BankSyncJobData>(db, {
    queue: BANK_SYNC_QUEUE,
    name: 'sync',
    data: { itemId, reason },
    ...(jobId === undefined ? {} : { jobId }),
    opts: bankSyncJobOptions(itemId),
  });
}

export interface BankSyncQueueOptions {
  redisUrl: string;
  prefix: string;
  backoffMs?: number;
}

/** The answer of a sync the caller waited for: done, or still running when the wait ended. */
export type SyncWaitOutcome = { done: true; result: BankSyncJobResult } | { done: false; jobId: string };

/**
 * The producer side, for the API (sync routes, the webhook) and the worker's scheduler: asks for a
 * sync of an item and, when told to, waits a bounded time for it to finish.
 */
export class BankSyncQueue {
  private readonly queue: Queue<BankSyncJobData, BankSyncJobResult>;
  private events: QueueEvents | undefined;

  constructor(private readonly options: BankSyncQueueOptions) {
    this.queue = new Queue(BANK_SYNC_QUEUE, { connection: { url: options.redisUrl }, prefix: options.prefix });
  }

  /** Adds (or joins) the item's sync; answers the id of the job that will do it. */
  async request(itemId: string, reason: string): Promise<string> {
    const job = await this.queue.add('sync', { itemId, reason }, bankSyncJobOptions(itemId, this.options.backoffMs));
    return job.id!;
  }

  /** Waits up to `timeoutMs` for the job; a failure is thrown as the job's error. */
  async wait(jobId: string, timeoutMs: number): Promise<SyncWaitOutcome> {
    const job = await Job.fromId<BankSyncJobData, BankSyncJobResult>(this.queue, jobId);
    if (!job) return { done: false, jobId };
    this.events ??= new QueueEvents(BANK_SYNC_QUEUE, { connection: { url: this.options.redisUrl }, prefix: this.options.prefix });
    await this.events.waitUntilReady();
    try {
      return { done: true, result: await job.waitUntilFinished(this.events, timeoutMs) };
    } catch (error) {
      if (error instanceof Error && /timed out/i.test(error.message)) return { done: false, jobId };
      throw error;
    }
  }

  /** The daily sync of every item, once a day at 06:00 UTC, whatever how many workers start. */
  async scheduleDaily(pattern = '0 6 * * *'): Promise<void> {
    await this.queue.upsertJobScheduler(DAILY_SYNC_SCHEDULER, { pattern, tz: 'UTC' }, { name: DAILY_SYNC_JOB, data: { itemId: '', reason: 'daily' } });
  }

  get raw(): Queue<BankSyncJobData, BankSyncJobResult> {
    return this.queue;
  }

  async close(): Promise<void> {
    await this.events?.close();
    await this.queue.close();
  }
}
