import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@budget/platform';
import { BankSyncQueue } from './sync-queue.js';

/** How long a sync route waits for its jobs before it answers 202 (`BANK_SYNC_WAIT_MS`, default 20 s). */
export const DEFAULT_SYNC_WAIT_MS = 20_000;

/**
 * The API's side of the `bank-sync` queue (the worker consumes it): asks for syncs of items and
 * waits a bounded time for them. One per process, closed with it.
 */
@Injectable()
export class BankSyncRequests implements OnModuleDestroy {
  private readonly logger = new Logger('BankSyncRequests');
  readonly queue: BankSyncQueue;
  readonly waitMs: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.queue = new BankSyncQueue({ redisUrl: config.redisUrl, prefix: config.queuePrefix });
    const wait = Number(process.env.BANK_SYNC_WAIT_MS);
    this.waitMs = Number.isFinite(wait) && wait > 0 ? wait : DEFAULT_SYNC_WAIT_MS;
  }

  /** Asks for a sync without failing the caller (a link): should Redis be down, the daily sync picks the item up. */
  async requestQuietly(itemId: string, reason: string): Promise<void> {
    try {
      await this.queue.request(itemId, reason);
    } catch (error) {
      this.logger.warn(`Sync of item ${itemId} (${reason}) not queued: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.queue.close();
  }
}
