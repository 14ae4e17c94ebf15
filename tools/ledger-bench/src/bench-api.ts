import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Redis } from 'ioredis';
// A benchmark of the HTTP API has to build the whole API: this tool is its only non-service importer.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createApp, readModelProjections, type CreateAppOptions } from '@budget/api';
import { RecordingMailSender, TestHttp } from '@budget/identity/testing';
import { asyncProjections, EVENT_STORE, loadConfig, REDIS, startProjector, type EventStore, type Pool, type ProjectorHandle } from '@budget/platform';

export interface BenchApi {
  app: NestFastifyApplication;
  http: TestHttp;
  mail: RecordingMailSender;
  projection: 'inline' | 'async';
  /** Stops the in-process projector (nothing is written while pages are measured). */
  stopProjector(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The whole API as `main.ts` builds it (`createApp`: Fastify, guards, filters, every module), on the
 * given database and the real Redis (unique rate-limit prefix), with the projector in-process and
 * mail recorded so a user can sign up. Requests go through `app.inject`: no socket, all server work.
 * `projection` as `PROJECTION` configures the product (default inline, as `npm start` runs it).
 */
export async function startBenchApi(
  databaseUrl: string,
  pool: Pool,
  projection: 'inline' | 'async' = process.env.PROJECTION === 'async' ? 'async' : 'inline',
  /** More configuration (e.g. the Plaid simulator's URL, a queue prefix). */
  env: Record<string, string> = {},
  /** More of createApp's options (bench:reads turns the read cache off for its baseline). */
  appOptions: Pick<CreateAppOptions, 'readCache'> = {},
): Promise<BenchApi> {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ACCESS_TOKEN_TTL_SECONDS: String(24 * 60 * 60),
    PROJECTION: projection,
    // A big import waits for the projector in async mode: allow it more than the product's 5 s.
    PROJECTION_WAIT_MS: '60000',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  });
  const mail = new RecordingMailSender();
  const prefix = `rl:ledger-bench:${randomBytes(6).toString('hex')}:`;
  const app = await createApp({ config, pool, mailSender: mail, rateLimitKeyPrefix: prefix, logger: false, ...appOptions });
  // Inline, the API projects every write itself and the projector has nothing to apply: not started.
  const projections = asyncProjections(config, readModelProjections);
  let projector: ProjectorHandle | null = projections.length === 0 ? null : await startProjector({ pool, store: app.get<EventStore>(EVENT_STORE), projections });
  const stopProjector = async () => {
    await projector?.stop();
    projector = null;
  };
  return {
    app,
    http: new TestHttp(app),
    mail,
    projection: config.projection,
    stopProjector,
    async close() {
      await stopProjector();
      const redis = app.get<Redis>(REDIS);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await app.close();
    },
  };
}
