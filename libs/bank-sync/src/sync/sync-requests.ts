import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, PG_POOL, type AppConfig, type Pool, type Queryable } from '@budget/platform';
import { BankSyncQueue, enqueueSync } from './sync-queue.js';

/** How long a sync route waits for its jobs before it answers 202 (`BANK_SYNC_WAIT_MS`, default 20 s). */
export const DEFAULT_SYNC_WAIT_MS = 20_000;

/**
 * The API's side of the `bank-sync` queue (the worker consumes it). Syncs that a committed write
 * asks for (a link's first sync, more accounts linked, Plaid's webhook) go through the job outbox
 * (`enqueue`), so losing Redis loses none; the syncs a user asks for and waits for
 * (POST /institutions/sync …) are added to the queue directly (`queue.request`), as the user is
 * there to see a failure and retry. One per process, closed with it.
 */
@Injectable()
export class BankSyncRequests implements OnModuleDestroy {
  private readonly logger = new Logger('BankSyncRequests');
  readonly queue: BankSyncQueue;
  readonly waitMs: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {
    this.queue = new BankSyncQueue({ redisUrl: config.redisUrl, prefix: config.queuePrefix });
    const wait = Number(process.env.BANK_SYNC_WAIT_MS);
    this.waitMs = Number.isFinite(wait) && wait > 0 ? wait : DEFAULT_SYNC_WAIT_MS;
  }

  /**
   * Records a sync of the item in the job outbox: in the caller's transaction when given `db`, else
   * in one of its own. `jobId` (derived from the item and the event that asked) makes a retry add nothing.
   */
  enqueue(itemId: string, reason: string, jobId?: string, db: Queryable = this.pool): Promise<string> {
    return enqueueSync(db, itemId, reason, jobId);
  }

  /**
   * `enqueue` after a write that committed already (the ledger's): a failure is logged, not thrown
   * (the write stands; the request's retry, or the daily sync, asks again).
   */
  async enqueueQuietly(itemId: string, reason: string, jobId: string): Promise<void> {
    try {
      await this.enqueue(itemId, reason, jobId);
    } catch (error) {
      this.logger.warn(`Sync of item ${itemId} (${reason}) not recorded: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.queue.close();
  }
}
