import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Redis } from 'ioredis';
import {
  asyncProjections, EVENT_STORE, FixedClock, loadConfig, REDIS, startProjector,
  type AppConfig, type EventStore, type Projection, type ProjectorHandle, type ProjectorOptions,
} from '@budget/platform';
import { createTestDatabase, type TestDatabase } from '@budget/platform/testing';
import { RecordingMailSender, TestHttp } from '@budget/identity/testing';
import { createApp } from '../create-app.js';
import { readModelProjections } from '../read-model-projections.js';

export interface ApiTestApp {
  app: NestFastifyApplication;
  http: TestHttp;
  db: TestDatabase;
  config: AppConfig;
  clock: FixedClock;
  mail: RecordingMailSender;
  store: EventStore;
  /** Stops the in-process projector (appends go on; read models stop moving). */
  pauseProjector(): Promise<void>;
  resumeProjector(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The whole API as `main.ts` builds it, on a fresh database and the real Redis (unique key prefix),
 * with the projector running in-process and mail recorded instead of queued. `PROJECTION: 'async'`
 * in `env` leaves the read models to that projector (as with EventStoreDB); by default writes are
 * projected inline and the projector only follows the log. `options.projections` replaces every
 * read model's projection (inline and in the projector: a test's failing one), `options.projector`
 * sets the in-process projector's options; `options.withoutProjector` starts the API alone (as a
 * deployment whose projector has not started yet) until `resumeProjector`.
 */
export async function startApiTestApp(
  env: NodeJS.ProcessEnv = {},
  options: { projections?: readonly Projection[]; projector?: Partial<ProjectorOptions>; withoutProjector?: boolean } = {},
): Promise<ApiTestApp> {
  const db = await createTestDatabase('api');
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, JWT_SECRET: 'api-tests-secret-0123456789-abcdefghijklmn', ...env });
  const clock = new FixedClock(new Date());
  const mail = new RecordingMailSender();
  const all = options.projections ?? readModelProjections;
  const projections = asyncProjections(config, all);
  const prefix = `rl:apitest:${randomBytes(6).toString('hex')}:`;
  const app = await createApp({ config, pool: db.pool, clock, mailSender: mail, rateLimitKeyPrefix: prefix, logger: process.env.TEST_API_LOG ? ["error"] : false, responseCheck: 'fail', projections: all });
  const store = app.get<EventStore>(EVENT_STORE);
  const redis = app.get<Redis>(REDIS);
  const start = () => startProjector({ ...options.projector, pool: db.pool, store, projections });
  let projector: ProjectorHandle | null = options.withoutProjector ? null : await start();
  return {
    app, http: new TestHttp(app), db, config, clock, mail, store,
    async pauseProjector() {
      await projector?.stop();
      projector = null;
    },
    async resumeProjector() {
      projector ??= await start();
    },
    async close() {
      await projector?.stop();
      projector = null;
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await app.close();
      await db.drop();
    },
  };
}
