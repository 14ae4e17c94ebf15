import { randomBytes } from 'node:crypto';
import { Module, type DynamicModule } from '@nestjs/common';
import { APP_INTERCEPTOR, NestFactory } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Redis } from 'ioredis';
import webpush from 'web-push';
import {
  ContractResponseInterceptor, EVENT_STORE, FixedClock, HttpErrorFilter, loadConfig, MAIL_SENDER, PlatformModule, PROJECTION_WAITER, PROJECTIONS,
  REDIS, RESPONSE_CHECK,
  type AppConfig, type EventStore, type ProjectionWaiter,
} from '@budget/platform';
import { createTestDatabase, type TestDatabase } from '@budget/platform/testing';
import { IdentityModule } from '../identity.module.js';
import type { RateLimitTable } from '../infra/rate-limits.js';
import { BUDGET_PROVISIONER, type BudgetProvisioner } from '../ports.js';
import { TestHttp } from './http-client.js';
import { RecordingMailSender } from './recording-mail-sender.js';
import { FakeBudgetProvisioner } from './fake-budget-provisioner.js';
import type { VapidKeys } from '../push/vapid-keys.js';

export const TEST_JWT_SECRET = 'identity-tests-secret-0123456789-abcdefghij';

export interface IdentityTestApp {
  app: NestFastifyApplication;
  http: TestHttp;
  db: TestDatabase;
  config: AppConfig;
  clock: FixedClock;
  mail: RecordingMailSender;
  provisioner: FakeBudgetProvisioner;
  store: EventStore;
  close(): Promise<void>;
}

const instantWaiter: ProjectionWaiter = { waitFor: async () => undefined, close: async () => undefined };

/**
 * Identity alone on a fresh database and real Redis: a fake budget provisioner, recorded mail, and
 * every answer checked against its route's contract (a mismatch answers 500).
 */
export async function startIdentityTestApp(options: { rateLimits?: Partial<RateLimitTable>; vapidKeys?: VapidKeys } = {}): Promise<IdentityTestApp> {
  const db = await createTestDatabase('identity');
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, JWT_SECRET: TEST_JWT_SECRET });
  const clock = new FixedClock(new Date());
  const mail = new RecordingMailSender();
  const prefix = `rl:test:${randomBytes(6).toString('hex')}:`;
  @Module({})
  class IdentityTestModule {
    static root(): DynamicModule {
      return {
        module: IdentityTestModule,
        imports: [
          CqrsModule.forRoot(),
          PlatformModule.forRoot({
            config, pool: db.pool, clock,
            extraProviders: [{ provide: MAIL_SENDER, useValue: mail }, { provide: PROJECTION_WAITER, useValue: instantWaiter }],
          }),
          IdentityModule.forRoot({
            rateLimitKeyPrefix: prefix,
            // A pair of the test's own, never the repository's .data/vapid.json.
            vapidKeys: options.vapidKeys ?? { ...webpush.generateVAPIDKeys(), subject: 'mailto:identity-tests@budget.local' },
            ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
            providers: [
              { provide: BUDGET_PROVISIONER, inject: [EVENT_STORE], useFactory: (store: EventStore): BudgetProvisioner => new FakeBudgetProvisioner(store, clock) },
              { provide: PROJECTIONS, useValue: [] },
            ],
          }),
        ],
        providers: [
          { provide: RESPONSE_CHECK, useValue: 'fail' },
          { provide: APP_INTERCEPTOR, useClass: ContractResponseInterceptor },
        ],
      };
    }
  }
  const app = await NestFactory.create<NestFastifyApplication>(IdentityTestModule.root(), new FastifyAdapter(), { logger: false });
  app.setGlobalPrefix('api/v1');
  app.useGlobalFilters(new HttpErrorFilter());
  await app.init();
  const redis = app.get<Redis>(REDIS);
  const store = app.get<EventStore>(EVENT_STORE);
  return {
    app, http: new TestHttp(app), db, config, clock, mail, store,
    provisioner: app.get<FakeBudgetProvisioner>(BUDGET_PROVISIONER),
    async close() {
      await app.close();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
      await store.close();
      await db.drop();
    },
  };
}
