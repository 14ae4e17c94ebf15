import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { EVENT_STORE, PG_POOL, REDIS, type EventStore, type Pool } from '@budget/platform';

export const OWNED_RESOURCES = Symbol.for('budget.api.OwnedResources');

/** What the app opened itself and must close on shutdown (things passed in by a test stay open). */
export interface OwnedResources {
  pool: boolean;
  closers: Array<() => Promise<unknown>>;
}

/** Closes connections on `app.close()` / SIGTERM so the process can exit cleanly. */
@Injectable()
export class AppResources implements OnApplicationShutdown {
  constructor(
    @Inject(OWNED_RESOURCES) private readonly owned: OwnedResources,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    for (const close of this.owned.closers) await close().catch(() => undefined);
    await this.store.close().catch(() => undefined);
    await this.redis.quit().catch(() => undefined);
    if (this.owned.pool) await this.pool.end().catch(() => undefined);
  }
}
