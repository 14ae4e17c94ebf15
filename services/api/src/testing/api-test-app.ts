import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Redis } from 'ioredis';
import {
  asyncProjections, EVENT_STORE, FixedClock, loadConfig, REDIS, startProjector,
  type AppConfig, type EventStore, type ProjectorHandle,
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
 * projected inline and the projector only follows the log.
 */
export async function startApiTestApp(env: NodeJS.ProcessEnv = {}): Promise<ApiTestApp> {
  const db = await createTestDatabase('api');
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, JWT_SECRET: 'api-tests-secret-0123456789-abcdefghijklmn', ...env });
  const clock = new FixedClock(new Date());
  const mail = new RecordingMailSender();
  const projections = asyncProjections(config, readModelProjections);
  const prefix = `rl:apitest:${randomBytes(6).toString('hex')}:`;
  const app = await createApp({ config, pool: db.pool, clock, mailSender: mail, rateLimitKeyPrefix: prefix, logger: false, responseCheck: 'fail' });
  const store = app.get<EventStore>(EVENT_STORE);
  const redis = app.get<Redis>(REDIS);
  let projector: ProjectorHandle | null = await startProjector({ pool: db.pool, store, projections });
  return {
    app, http: new TestHttp(app), db, config, clock, mail, store,
    async pauseProjector() {
      await projector?.stop();
      projector = null;
    },
    async resumeProjector() {
      projector ??= await startProjector({ pool: db.pool, store, projections });
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
