import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Redis } from 'ioredis';
import { BANK_SYNC_QUEUE } from '@budget/bank-sync';
import { PUSH_QUEUE } from '@budget/identity';
import { createServiceLogger, loadConfig, MAIL_QUEUE_NAME, metricsPortFrom, PG_POOL, PinoNestLogger, queueMetrics, REDIS, startProbeServer, type Pool } from '@budget/platform';
import { BankSyncWorkerModule } from './bank-sync/bank-sync-worker.module.js';
import { WorkerModule } from './worker.module.js';

const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

async function bootstrap(): Promise<void> {
  Logger.overrideLogger(new PinoNestLogger(createServiceLogger('worker')));
  const logger = new Logger('Worker');
  const config = loadConfig(process.env, process.env.REPO_ROOT ?? process.cwd(), { secrets: [] });
  // Two contexts: mail and the outbox relay, and the bank syncs (which need the ledger's command side).
  const contexts = [
    await NestFactory.createApplicationContext(WorkerModule.forRoot({ config })),
    await NestFactory.createApplicationContext(BankSyncWorkerModule.forRoot({ config })),
  ];
  const metricsPort = metricsPortFrom(process.env);
  if (metricsPort !== undefined) {
    const pool = contexts[0]!.get<Pool>(PG_POOL);
    const redis = contexts[1]!.get<Redis>(REDIS);
    queueMetrics({ redisUrl: config.redisUrl, prefix: config.queuePrefix, queues: [MAIL_QUEUE_NAME, BANK_SYNC_QUEUE, PUSH_QUEUE], pool });
    const probes = await startProbeServer({ port: metricsPort, checks: { postgres: () => pool.query('SELECT 1'), redis: () => redis.ping() } });
    logger.log(`operations port ${probes.port}: /live, /ready, /metrics`);
  }
  for (const signal of SHUTDOWN_SIGNALS) {
    process.once(signal, () => {
      logger.log(`${signal} received: draining running jobs before exit`);
      // Closing drains: running jobs finish (MailWorker, BankSyncWorker) before the process lets go.
      Promise.all(contexts.map((context) => context.close())).then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
          process.exit(1);
        },
      );
    });
  }
  logger.log('Worker started');
}

bootstrap().catch((error: unknown) => {
  new Logger('Worker').error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
