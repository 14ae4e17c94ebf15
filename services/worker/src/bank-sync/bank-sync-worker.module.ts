import { Inject, Injectable, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { CqrsModule } from '@nestjs/cqrs';
import { BankSyncModule } from '@budget/bank-sync';
import { LedgerModule } from '@budget/ledger';
import {
  EVENT_STORE, InlineProjectionWaiter, PG_POOL, PlatformModule, REDIS, PostgresProjectionWaiter, PROJECTION_WAITER,
  type AppConfig, type Clock, type EventStore, type Pool, type Projection, type ProjectionWaiter,
} from '@budget/platform';
import { allProjections } from '@budget/read-models';
import { RulesModule } from '@budget/rules';
import { BANK_SYNC_WORKER_OPTIONS, defaultBankSyncWorkerOptions, type BankSyncWorkerOptions } from './bank-sync.options.js';
import { BankSyncWorker } from './bank-sync.worker.js';
import { defaultDueOccurrencesOptions, DUE_OCCURRENCES_WORKER_OPTIONS, DueOccurrencesWorker, type DueOccurrencesWorkerOptions } from '../schedules/due-occurrences.worker.js';

const OWNED = Symbol.for('budget.worker.bankSyncOwned');

/** Closes what the context opened itself (a pool passed in by a test stays open). */
@Injectable()
class BankSyncResources implements OnApplicationShutdown {
  constructor(
    @Inject(OWNED) private readonly owned: { pool: boolean; waiter: ProjectionWaiter | null },
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.owned.waiter?.close().catch(() => undefined);
    await this.store.close().catch(() => undefined);
    await this.redis.quit().catch(() => undefined);
    if (this.owned.pool) await this.pool.end().catch(() => undefined);
  }
}

export interface BankSyncWorkerModuleOptions {
  config: AppConfig;
  /** Reuse a pool (tests). */
  pool?: Pool;
  clock?: Clock;
  projections?: readonly Projection[];
  projectionWaiter?: ProjectionWaiter;
  sync?: Partial<BankSyncWorkerOptions>;
  /** The scheduled transactions' due scan (docs/architecture.md §8 "Scheduled transactions"). */
  schedules?: Partial<DueOccurrencesWorkerOptions>;
}

/**
 * The worker's bank syncs: a Nest context with the ledger (its command handlers, projected inline
 * like the API's writes) and bank-sync (Plaid, the items), and the `bank-sync` queue's consumer.
 * Its rows go through the same `CommandBus` commands as any write.
 */
@Module({})
export class BankSyncWorkerModule {
  static forRoot(options: BankSyncWorkerModuleOptions): DynamicModule {
    const { config } = options;
    const waiter =
      options.projectionWaiter ??
      (config.projection === 'inline' ? new InlineProjectionWaiter() : new PostgresProjectionWaiter({ connectionString: config.databaseUrl, timeoutMs: config.projectionWaitMs }));
    const sync: BankSyncWorkerOptions = { ...defaultBankSyncWorkerOptions(config.redisUrl, config.queuePrefix), ...options.sync };
    const schedules: DueOccurrencesWorkerOptions = { ...defaultDueOccurrencesOptions(config.redisUrl, config.queuePrefix), ...options.schedules };
    return {
      module: BankSyncWorkerModule,
      imports: [
        CqrsModule.forRoot(),
        PlatformModule.forRoot({
          config,
          ...(options.pool ? { pool: options.pool } : {}),
          ...(options.clock ? { clock: options.clock } : {}),
          projections: options.projections ?? allProjections,
          extraProviders: [{ provide: PROJECTION_WAITER, useValue: waiter }],
        }),
        LedgerModule,
        // The ledger asks the auto-assignment rules (on the QueryBus) which rows they claim.
        RulesModule,
        BankSyncModule,
      ],
      providers: [
        { provide: BANK_SYNC_WORKER_OPTIONS, useValue: sync },
        { provide: OWNED, useValue: { pool: !options.pool, waiter: options.projectionWaiter ? null : waiter } },
        BankSyncWorker,
        // Scheduled transactions post through the same ledger commands.
        { provide: DUE_OCCURRENCES_WORKER_OPTIONS, useValue: schedules },
        DueOccurrencesWorker,
        BankSyncResources,
      ],
    };
  }
}
