import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import type { AppConfig } from '../config.js';
import { APP_CONFIG } from '../config.js';
import { CLOCK, ID_GENERATOR, systemClock, uuidGenerator, type Clock, type IdGenerator } from '../clock.js';
import { EVENT_STORE } from '../event-store/port.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { createPool, type Pool } from '../postgres/pool.js';
import { Redis } from 'ioredis';
import { PG_POOL, REDIS } from './tokens.js';
import { requestScopedIds } from '../http/idempotency/request-ids.js';

export interface PlatformOptions {
  config: AppConfig;
  clock?: Clock;
  ids?: IdGenerator;
  /** Reuse an existing pool (tests); otherwise one is created from config.databaseUrl. */
  pool?: Pool;
  extraProviders?: Provider[];
}

/** Process-wide infrastructure every bounded context injects: config, pool, store, clock, ids. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    const providers: Provider[] = [
      { provide: APP_CONFIG, useValue: options.config },
      { provide: CLOCK, useValue: options.clock ?? systemClock },
      { provide: ID_GENERATOR, useValue: requestScopedIds(options.ids ?? uuidGenerator) },
      { provide: PG_POOL, useFactory: () => options.pool ?? createPool(options.config.databaseUrl) },
      {
        provide: EVENT_STORE,
        inject: [PG_POOL],
        useFactory: (pool: Pool) => PostgresEventStore.create(pool, options.config.databaseUrl),
      },
      { provide: REDIS, useFactory: () => new Redis(options.config.redisUrl, { maxRetriesPerRequest: null, lazyConnect: false }) },
      ...(options.extraProviders ?? []),
    ];
    return { module: PlatformModule, providers, exports: providers.map((p) => (typeof p === 'function' ? p : p.provide)) };
  }
}
