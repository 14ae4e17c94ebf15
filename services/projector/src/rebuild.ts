import { Logger } from '@nestjs/common';
import { loadConfig, rebuildReadModels, rebuildReadModelsPerUser } from '@budget/platform';
import { openInfrastructure } from './infrastructure.js';
import { allProjections } from './projections.js';

/**
 * `node services/projector/dist/rebuild.js` (`npm run rebuild-read-models`): rebuilds every read
 * model from the event log one user at a time — each user's rows deleted and replayed in a
 * transaction of its own that holds only that user's lock, so everyone else goes on reading and
 * writing (libs/platform's rebuild-per-user.ts). `--all`: the whole log replayed in ONE
 * transaction (every table truncated first; no inline write runs meanwhile). Safe while the
 * projector runs.
 */
async function rebuild(): Promise<void> {
  const logger = new Logger('Rebuild');
  const config = loadConfig(process.env, process.env.REPO_ROOT ?? process.cwd(), { secrets: [] });
  const infrastructure = await openInfrastructure(config);
  try {
    const started = Date.now();
    const tables = allProjections.flatMap((p) => p.tables);
    if (process.argv.includes('--all')) {
      logger.log(`rebuilding ${tables.join(', ')} from the whole log in one transaction`);
      const result = await rebuildReadModels({ pool: infrastructure.pool, store: infrastructure.store, projections: allProjections });
      logger.log(`replayed ${result.events} events up to position ${result.position} in ${Date.now() - started} ms`);
      return;
    }
    if (config.eventStore !== 'postgres') throw new Error('The per-user rebuild reads the log in PostgreSQL; with EventStoreDB use --all.');
    logger.log(`rebuilding ${tables.join(', ')} one user at a time, ${rebuildConcurrency(process.env)} users at once`);
    const result = await rebuildReadModelsPerUser({
      pool: infrastructure.pool,
      projections: allProjections,
      concurrency: rebuildConcurrency(process.env),
      onUser: (_user, done, total) => {
        if (done % 100 === 0 || done === total) logger.log(`${done} of ${total} users rebuilt`);
      },
    });
    logger.log(`replayed ${result.events} events of ${result.users} users in ${Date.now() - started} ms`);
  } finally {
    await infrastructure.close();
  }
}

/** REBUILD_CONCURRENCY: users rebuilt at once (default 2: one PostgreSQL backend per user, and this machine class has 2 cores). */
function rebuildConcurrency(env: NodeJS.ProcessEnv): number {
  const value = Number(env.REBUILD_CONCURRENCY ?? 2);
  if (!Number.isInteger(value) || value < 1 || value > 8) throw new Error('REBUILD_CONCURRENCY must be a whole number from 1 to 8 (the pool has 10 connections).');
  return value;
}

rebuild().catch((error: unknown) => {
  new Logger('Rebuild').error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
