import { Logger } from '@nestjs/common';
import { asyncProjections, loadConfig, startProjector } from '@budget/platform';
import { batchSizeFrom, openInfrastructure, workersFrom } from './infrastructure.js';
import { allProjections } from './projections.js';

const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'] as const;
const logger = new Logger('Projector');

/** The projector process: follows the event log into every read model until told to stop. */
async function main(): Promise<void> {
  const config = loadConfig(process.env, process.env.REPO_ROOT ?? process.cwd(), { secrets: [] });
  const batchSize = batchSizeFrom(process.env);
  const workers = workersFrom(process.env);
  // One connection per worker, one for the checkpoint, one for the store's reads.
  const infrastructure = await openInfrastructure(config, workers + 2);
  // With inline projection (the default on PostgreSQL) the API projects every write in its own
  // transaction; this process then has nothing to apply and does not follow the log. It is where
  // asynchronous projections run (every projection with EventStoreDB or PROJECTION=async).
  const projections = asyncProjections(config, allProjections);
  const projector =
    projections.length === 0
      ? idle()
      : await startProjector({
          pool: infrastructure.pool,
          store: infrastructure.store,
          projections,
          batchSize,
          workers,
          logger: {
            log: (message) => logger.log(message),
            error: (message, error) => logger.error(message, error instanceof Error ? error.stack : String(error)),
          },
        });
  logger.log(`event store: ${config.eventStore}; projection: ${config.projection}${projections.length === 0 ? ' (the API projects every write; nothing to follow)' : ''}`);

  let stopping = false;
  for (const signal of SHUTDOWN_SIGNALS) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.log(`${signal} received: finishing the batches in flight`);
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

/** A projector with nothing to do: stays up until told to stop, as the launcher expects of the process. */
function idle(): { stop(): Promise<void>; position: bigint | null } {
  const timer = setInterval(() => undefined, 1 << 30);
  return {
    position: null,
    stop: async () => clearInterval(timer),
  };
}

function fail(error: unknown): never {
  logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
}

main().catch(fail);
