import { Logger } from '@nestjs/common';
import { loadConfig, startProjector } from '@budget/platform';
import { batchSizeFrom, openInfrastructure } from './infrastructure.js';
import { allProjections } from './projections.js';

const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'] as const;
const logger = new Logger('Projector');

/** The projector process: follows the event log into every read model until told to stop. */
async function main(): Promise<void> {
  const config = loadConfig(process.env, process.env.REPO_ROOT ?? process.cwd());
  const infrastructure = await openInfrastructure(config);
  const projector = await startProjector({
    pool: infrastructure.pool,
    store: infrastructure.store,
    projections: allProjections,
    batchSize: batchSizeFrom(process.env),
    logger: {
      log: (message) => logger.log(message),
      error: (message, error) => logger.error(message, error instanceof Error ? error.stack : String(error)),
    },
  });
  logger.log(`event store: ${config.eventStore}`);

  let stopping = false;
  for (const signal of SHUTDOWN_SIGNALS) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.log(`${signal} received: finishing the batch in flight`);
      void projector
        .stop()
        .then(() => infrastructure.close())
        .then(
          () => {
            logger.log(`stopped at checkpoint ${projector.position ?? 0}`);
            process.exit(0);
          },
          (error: unknown) => fail(error),
        );
    });
  }
}

function fail(error: unknown): never {
  logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
}

main().catch(fail);
