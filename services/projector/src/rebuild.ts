import { Logger } from '@nestjs/common';
import { loadConfig, rebuildReadModels } from '@budget/platform';
import { openInfrastructure } from './infrastructure.js';
import { allProjections } from './projections.js';

/**
 * `node services/projector/dist/rebuild.js`: drops every read model and replays the whole event
 * log into it, in one transaction. Safe while the projector runs (it resumes after the rebuild).
 */
async function rebuild(): Promise<void> {
  const logger = new Logger('Rebuild');
  const config = loadConfig(process.env, process.env.REPO_ROOT ?? process.cwd(), { secrets: [] });
  const infrastructure = await openInfrastructure(config);
  try {
    const started = Date.now();
    const tables = allProjections.flatMap((p) => p.tables);
    logger.log(`rebuilding ${tables.join(', ')}`);
    const result = await rebuildReadModels({ pool: infrastructure.pool, store: infrastructure.store, projections: allProjections });
    logger.log(`replayed ${result.events} events up to position ${result.position} in ${Date.now() - started} ms`);
  } finally {
    await infrastructure.close();
  }
}

rebuild().catch((error: unknown) => {
  new Logger('Rebuild').error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
