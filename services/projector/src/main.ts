import { Logger } from '@nestjs/common';
import {
  asyncProjections, createServiceLogger, DEFAULT_CHECKPOINT_NAME, loadConfig, metricsPortFrom, PinoNestLogger, readCheckpoint, readProjectionLag, readQuarantines, scrapeGauge, startProbeServer, startProjector,
  type AppConfig, type EventStore, type Pool, type ProjectorHandle,
} from '@budget/platform';
import { batchSizeFrom, openInfrastructure, workersFrom } from './infrastructure.js';
import { acquireLeaderLock } from './leader.js';
import { allProjections } from './projections.js';

const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'] as const;
const logger = new Logger('Projector');

/** The projector process: follows the event log into every read model until told to stop. */
async function main(): Promise<void> {
  Logger.overrideLogger(new PinoNestLogger(createServiceLogger('projector')));
  const config = loadConfig(process.env, process.env.REPO_ROOT ?? process.cwd(), { secrets: [] });
  const batchSize = batchSizeFrom(process.env);
  const workers = workersFrom(process.env);
  // One connection per worker, one for the checkpoint, one for the store's reads.
  const infrastructure = await openInfrastructure(config, workers + 2);
  // With inline projection (the default on PostgreSQL) the API projects every write in its own
  // transaction; this process then has nothing to apply and does not follow the log. It is where
  // asynchronous projections run (every projection with EventStoreDB or PROJECTION=async).
  const projections = asyncProjections(config, allProjections);
  logger.log(`event store: ${config.eventStore}; projection: ${config.projection}${projections.length === 0 ? ' (the API projects every write; nothing to follow)' : ''}`);
  // Of several projector processes on one database one follows the log, the others wait as
  // standbys (leader.ts); a lost lock connection ends this process at once, leader or standby.
  const leaderLock =
    projections.length === 0
      ? null
      : acquireLeaderLock({
          databaseUrl: config.databaseUrl,
          name: DEFAULT_CHECKPOINT_NAME,
          applicationName: `${process.env.SERVICE_NAME ?? 'budget'}-leader-lock`,
          logger: { log: (message) => logger.log(message), error: (message) => logger.error(message) },
          onLost: (error) => fail(new Error(`leader lock lost (${error.message}): exiting so that never two projectors follow the log`)),
        });
  const metricsPort = metricsPortFrom(process.env);
  if (metricsPort !== undefined) {
    if (projections.length > 0) lagMetrics(config, infrastructure.pool, infrastructure.store);
    const checks: Record<string, () => Promise<unknown>> = { postgres: () => infrastructure.pool.query('SELECT 1'), eventStore: () => infrastructure.store.headPosition() };
    if (leaderLock) {
      // A standby is ready: a healthy standby is what it should be (README "Deployment").
      checks.leaderLock = () => leaderLock.healthy();
      scrapeGauge('budget_projector_leader', 'Whether this projector holds the leader lock (1) or waits as a standby (0)', [], async () => [{ value: leaderLock.isLeader ? 1 : 0 }]);
    }
    const probes = await startProbeServer({ port: metricsPort, checks });
    logger.log(`operations port ${probes.port}: /live, /ready, /metrics`);
  }

  let stopping = false;
  const projector: Promise<ProjectorHandle | ReturnType<typeof idle>> = leaderLock
    ? leaderLock.acquired.then(() =>
        startProjector({
          pool: infrastructure.pool,
          store: infrastructure.store,
          projections,
          batchSize,
          workers,
          logger: {
            log: (message) => logger.log(message),
            error: (message, error) => logger.error(message, error instanceof Error ? error.stack : String(error)),
          },
        }),
      )
    : Promise.resolve(idle());
  projector.catch((error: unknown) => {
    if (!stopping) fail(error);
  });

  for (const signal of SHUTDOWN_SIGNALS) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.log(`${signal} received: ${leaderLock && !leaderLock.isLeader ? 'leaving standby' : 'finishing the batches in flight'}`);
      const stop = async () => {
        // A standby stops waiting (its `acquired` rejects); a leader lets go of the lock only
        // after its batches are committed.
        if (leaderLock && !leaderLock.isLeader) await leaderLock.close();
        const handle = await projector.catch(() => null);
        await handle?.stop();
        await leaderLock?.close();
        await infrastructure.close();
        return handle?.position ?? null;
      };
      void stop().then(
        (position) => {
          logger.log(`stopped at checkpoint ${position ?? 0}`);
          process.exit(0);
        },
        (error: unknown) => fail(error),
      );
    });
  }
}

/**
 * The projector's lag as gauges read at each scrape (docs/architecture.md §12): events behind, the
 * age of the oldest, users (partitions) behind and the most one partition is behind, and the
 * quarantined partitions. With EventStoreDB the log is not in PostgreSQL: the checkpoint and the
 * store's head are reported instead of counts.
 */
function lagMetrics(config: Pick<AppConfig, 'eventStore'>, pool: Pool, store: EventStore): void {
  if (config.eventStore === 'postgres') {
    let last: Promise<Awaited<ReturnType<typeof readProjectionLag>>> | null = null;
    // One query per scrape feeds all four gauges (the first gauge read starts it, the others share it).
    const lag = () => (last ??= readProjectionLag(pool, DEFAULT_CHECKPOINT_NAME).finally(() => setTimeout(() => (last = null), 1_000)));
    scrapeGauge('budget_projection_lag_events', 'Events appended but not yet applied by the projector', [], async () => [{ value: (await lag()).lagEvents }]);
    scrapeGauge('budget_projection_lag_users', 'User partitions with events not yet applied', [], async () => [{ value: (await lag()).lagUsers }]);
    scrapeGauge('budget_projection_partition_lag_events_max', 'The most events one user partition is behind', [], async () => [{ value: (await lag()).maxPartitionLagEvents }]);
    scrapeGauge('budget_projection_lag_seconds', 'Age of the oldest event not yet applied (0: caught up)', [], async () => {
      const oldest = (await lag()).oldestRecordedAt;
      return [{ value: oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0 }];
    });
  } else {
    scrapeGauge('budget_projection_checkpoint_position', 'The projector checkpoint (global position passed)', [], async () => [{ value: Number(await readCheckpoint(pool, DEFAULT_CHECKPOINT_NAME)) }]);
    scrapeGauge('budget_event_store_head_position', 'The newest position in the log', [], async () => [{ value: Number(await store.headPosition()) }]);
  }
  scrapeGauge('budget_projection_quarantined_partitions', 'User partitions parked after an event failed to project', [], async () => [
    { value: (await readQuarantines(pool, DEFAULT_CHECKPOINT_NAME)).length },
  ]);
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
