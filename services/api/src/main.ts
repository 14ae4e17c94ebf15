import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { createServiceLogger, loadConfig, metricsPortFrom, PG_POOL, PinoNestLogger, REDIS, startProbeServer, type Pool } from '@budget/platform';
import { createApp } from './create-app.js';

/**
 * `node services/api/dist/main.js`: the API (and, with WEB_ROOT, the front end) on PORT; with
 * METRICS_PORT, `/live`, `/ready` (PostgreSQL and Redis answer) and `/metrics` on that port.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const pino = createServiceLogger('api');
  const app = await createApp({
    config,
    trustProxy: process.env.TRUST_PROXY === 'true',
    logger: new PinoNestLogger(pino),
    // API answers at info; the static front end's files at debug (LOG_LEVEL=debug shows them).
    requestLog: (line) => (line.route.startsWith('/api/') ? pino.info(line, 'request') : pino.debug(line, 'request')),
  });
  await app.listen({ port: config.port, host: process.env.HOST ?? '0.0.0.0' });
  const logger = new Logger('api');
  logger.log(`listening on ${await app.getUrl()} (API at /api/v1${config.webRoot ? `, web from ${config.webRoot}` : ''})`);
  const metricsPort = metricsPortFrom(process.env);
  if (metricsPort !== undefined) {
    const pool = app.get<Pool>(PG_POOL);
    const redis = app.get<Redis>(REDIS);
    const probes = await startProbeServer({
      port: metricsPort,
      checks: { postgres: () => pool.query('SELECT 1'), redis: () => redis.ping() },
    });
    logger.log(`operations port ${probes.port}: /live, /ready, /metrics`);
  }
}

main().catch((error: unknown) => {
  new Logger('api').error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
