import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
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
  readonly queue: BankSyncQueue;
  readonly waitMs: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.queue = new BankSyncQueue({ redisUrl: config.redisUrl, prefix: config.queuePrefix });
    const wait = Number(process.env.BANK_SYNC_WAIT_MS);
    this.waitMs = Number.isFinite(wait) && wait > 0 ? wait : DEFAULT_SYNC_WAIT_MS;
  }

  async onModuleDestroy(): Promise<void> {
    await this.queue.close();
  }
}
