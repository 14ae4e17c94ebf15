import { Logger } from '@nestjs/common';
import { assertLogFenced, createPool, eventStoreMigrations, loadConfig, migrate, refenceLog } from '@budget/platform';

/**
 * `node services/projector/dist/refence.js` (`npm run refence-log`): after the database was
 * restored from a dump into another PostgreSQL cluster, or moved there by logical replication, the
 * services refuse to start ("The event log is ahead of this PostgreSQL cluster"). Run this once
 * with every service stopped; it changes no event, position or checkpoint (libs/platform's
 * postgres-fence.ts says what it does), then start the services as usual.
 */
async function refence(): Promise<void> {
  const logger = new Logger('Refence');
  const config = loadConfig(process.env, process.env.REPO_ROOT ?? process.cwd(), { secrets: [] });
  if (config.eventStore !== 'postgres') throw new Error('refence-log applies to the PostgreSQL event store only (EVENT_STORE is eventstoredb).');
  const pool = createPool(config.databaseUrl, 2);
  try {
    await migrate(pool, eventStoreMigrations);
    const result = await refenceLog(pool);
    await assertLogFenced(pool);
    logger.log(`re-fenced: ${result.rowsSettled} event(s) from the old cluster settled; new positions are offset by ${result.positionOffset}`);
  } finally {
    await pool.end();
  }
}

refence().catch((error: unknown) => {
  new Logger('Refence').error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
