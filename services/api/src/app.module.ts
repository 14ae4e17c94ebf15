import { Module, type DynamicModule } from '@nestjs/common';
import { APP_INTERCEPTOR, Reflector } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { BudgetModule, BudgetProvisioner } from '@budget/budget';
import { BUDGET_PROVISIONER, IdentityModule, READ_POSITION_CHECKPOINT, USER_ERASERS } from '@budget/identity';
import { LedgerModule } from '@budget/ledger';
import { BankLinkEraser, BankSyncModule } from '@budget/bank-sync';
import { RulesModule } from '@budget/rules';
import { ReportingModule } from '@budget/reporting';
import {
  ActionCauseInterceptor, ContractResponseInterceptor, UserRateLimitInterceptor, USER_RATE_LIMIT_PREFIX, GetIdempotencyKeyController, GetIdempotencyKeyHandler, IdempotencyInterceptor, IdempotencyStore, MAIL_SENDER, JobOutboxMailSender, PG_POOL, RESPONSE_CHECK, PlatformModule, InlineProjectionWaiter, PostgresProjectionWaiter, PROJECTION_WAITER, PROJECTIONS, CLOCK, DEFAULT_CHECKPOINT_NAME,
  type Clock, type Pool,
} from '@budget/platform';
import type { CreateAppOptions } from './app.options.js';
import { AppResources, OWNED_RESOURCES, type OwnedResources } from './app-resources.js';
import { HealthController, HealthHandler } from './health.controller.js';
import { ChangeFeedController } from './change-feed/change-feed.controller.js';
import { ChangeFeedHolder, OpenChangeStreamHandler, ReadChangesHandler } from './change-feed/change-feed.handlers.js';
import { readModelProjections } from './read-model-projections.js';
import { readModelEpoch, ReadCache, ReadCacheInterceptor } from './read-cache/read-cache.interceptor.js';

/** The API's composition root: platform infrastructure, then each bounded context. */
@Module({})
export class AppModule {
  static forRoot(options: CreateAppOptions): DynamicModule {
    const owned: OwnedResources = { pool: !options.pool, closers: [] };
    // Mail is written to the job outbox in the write's transaction; the worker relays it to BullMQ.
    const mailSender = options.mailSender
      ? { provide: MAIL_SENDER, useValue: options.mailSender }
      : { provide: MAIL_SENDER, inject: [PG_POOL], useFactory: (pool: Pool) => new JobOutboxMailSender(pool) };
    const projections = options.projections ?? readModelProjections;
    const waiter =
      options.projectionWaiter ??
      (options.config.projection === 'inline' ? new InlineProjectionWaiter() : new PostgresProjectionWaiter({ connectionString: options.config.databaseUrl, timeoutMs: options.config.projectionWaitMs }));
    if (!options.projectionWaiter) owned.closers.push(() => waiter.close());
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        PlatformModule.forRoot({
          config: options.config,
          ...(options.pool ? { pool: options.pool } : {}),
          ...(options.clock ? { clock: options.clock } : {}),
          ...(options.ids ? { ids: options.ids } : {}),
          projections,
          extraProviders: [
            mailSender,
            { provide: PROJECTION_WAITER, useValue: waiter },
          ],
        }),
        BudgetModule,
        LedgerModule,
        BankSyncModule,
        RulesModule,
        ReportingModule,
        IdentityModule.forRoot({
          imports: [BudgetModule, BankSyncModule],
          providers: [
            { provide: BUDGET_PROVISIONER, useExisting: BudgetProvisioner },
            // Deleting an account removes its linked banks at Plaid first.
            { provide: USER_ERASERS, inject: [BankLinkEraser], useFactory: (bank: BankLinkEraser) => [bank] },
            { provide: PROJECTIONS, useValue: projections },
            // The read cache's key: the guard reads the user's projected position with the session check (one statement).
            ...(options.readCache === false ? [] : [{ provide: READ_POSITION_CHECKPOINT, useValue: options.readCache?.checkpointName ?? DEFAULT_CHECKPOINT_NAME }]),
          ],
          ...(options.rateLimitKeyPrefix ? { rateLimitKeyPrefix: options.rateLimitKeyPrefix } : {}),
          ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
        }),
      ],
      controllers: [HealthController, ChangeFeedController, GetIdempotencyKeyController],
      providers: [
        { provide: OWNED_RESOURCES, useValue: owned },
        AppResources,
        HealthHandler,
        ChangeFeedHolder,
        ReadChangesHandler,
        OpenChangeStreamHandler,
        { provide: RESPONSE_CHECK, useValue: options.responseCheck ?? (options.config.nodeEnv === 'production' ? 'off' : 'warn') },
        IdempotencyStore,
        // GET /idempotency-keys/{key}: what became of a write whose answer the client lost (the save tray).
        GetIdempotencyKeyHandler,
        // The action's correlation and command ids around everything a write appends (README "Every cent explained").
        { provide: APP_INTERCEPTOR, useClass: ActionCauseInterceptor },
        // The route contract's per-user limits (routes that call Plaid, the change feed): 429 before anything runs.
        { provide: USER_RATE_LIMIT_PREFIX, useValue: options.rateLimitKeyPrefix ?? 'rl:' },
        { provide: APP_INTERCEPTOR, useClass: UserRateLimitInterceptor },
        // Outermost first: a replayed write answers before anything else runs.
        { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
        // Read routes: ETag / 304 and a per-process answer cache keyed by the user's projected position (docs/architecture.md §6.4).
        // One cache for the interceptor and the kept-answer hook (create-app.ts).
        ...(options.readCache === false ? [] : [
          { provide: ReadCache, inject: [CLOCK], useFactory: (clock: Clock) => new ReadCache(clock, readModelEpoch(projections), options.readCache || {}) },
          { provide: APP_INTERCEPTOR, inject: [Reflector, ReadCache], useFactory: (reflector: Reflector, cache: ReadCache) => new ReadCacheInterceptor(reflector, cache) },
        ]),
        { provide: APP_INTERCEPTOR, useClass: ContractResponseInterceptor },
      ],
    };
  }
}
