import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import type { AppConfig } from '../config.js';
import { APP_CONFIG } from '../config.js';
import { CLOCK, ID_GENERATOR, systemClock, uuidGenerator, type Clock, type IdGenerator } from '../clock.js';
import { EVENT_STORE, type EventStore } from '../event-store/port.js';
import { createEventStore } from '../event-store/create-event-store.js';
import { migrateProjections } from '../projection/apply-events.js';
import { enterInlineMode } from '../projection/handover.js';
import { InlineProjectionEventStore } from '../projection/inline-projection-store.js';
import { GuardedAppendEventStore } from '../projection/guarded-append-store.js';
import type { Projection } from '../projection/projection.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { createPool, warmConnectionsFrom, type Pool } from '../postgres/pool.js';
import { migrate } from '../postgres/migrate.js';
import { jobOutboxMigrations } from '../queue/job-outbox.js';
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
  /** The read models: with `config.projection` inline, every append projects them in its own transaction. */
  projections?: readonly Projection[];
}

/**
 * The configured event store: EventStoreDB, or PostgreSQL, wrapped to project every append inline
 * when `config.projection` is `inline` and projections are given (the API; docs/architecture.md §4),
 * or, with the projector, to guard every append under its users' locks (`GuardedAppendEventStore`).
 */
async function eventStoreFor(options: PlatformOptions, pool: Pool): Promise<EventStore> {
  const { config } = options;
  const store =
    config.eventStore === 'eventstoredb'
      ? await createEventStore({ kind: 'eventstoredb', eventStoreUrl: config.eventStoreUrl })
      : await PostgresEventStore.create(pool, config.databaseUrl);
  if (!options.projections) return store;
  // A process that reads the read models (the api, the worker) makes their tables and the
  // projector's checkpoints whatever the store and the mode, so it never fails on a table a
  // projector that has not started yet has still to make.
  await migrateProjections(pool, options.projections);
  if (!(store instanceof PostgresEventStore)) return store;
  // With the projector, appends still take their users' write locks and run the projections'
  // guards (the balance bound) in their transaction, counting what the projector has not applied.
  if (config.projection !== 'inline') return new GuardedAppendEventStore(store, options.projections);
  await enterInlineMode(pool);
  return new InlineProjectionEventStore(store, options.projections);
}

/** What the projector process applies: every projection, or none of those the API projects inline. */
export function asyncProjections(config: AppConfig, projections: readonly Projection[]): readonly Projection[] {
  return config.projection === 'inline' ? [] : projections;
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
      {
        provide: PG_POOL,
        // Every process that writes may ask for jobs in its transaction: the job outbox exists first.
        useFactory: async () => {
          const pool = options.pool ?? createPool(options.config.databaseUrl, 10, { warm: warmConnectionsFrom() });
          await migrate(pool, jobOutboxMigrations);
          return pool;
        },
      },
      {
        provide: EVENT_STORE,
        inject: [PG_POOL],
        useFactory: (pool: Pool) => eventStoreFor(options, pool),
      },
      { provide: REDIS, useFactory: () => new Redis(options.config.redisUrl, { maxRetriesPerRequest: null, lazyConnect: false }) },
      ...(options.extraProviders ?? []),
    ];
    return { module: PlatformModule, providers, exports: providers.map((p) => (typeof p === 'function' ? p : p.provide)) };
  }
}
