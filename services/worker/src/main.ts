import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '@budget/platform';
import { WorkerModule } from './worker.module.js';

const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

async function bootstrap(): Promise<void> {
  const logger = new Logger('Worker');
  const config = loadConfig(process.env, process.env.REPO_ROOT ?? process.cwd());
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot({ config }));
  for (const signal of SHUTDOWN_SIGNALS) {
    process.once(signal, () => logger.log(`${signal} received: draining running jobs before exit`));
  }
  // Nest closes the context on these signals (running the drain in MailWorker), then exits 0.
  app.enableShutdownHooks([...SHUTDOWN_SIGNALS], { useProcessExit: true });
  logger.log('Worker started');
}

bootstrap().catch((error: unknown) => {
  new Logger('Worker').error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
