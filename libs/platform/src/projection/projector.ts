import type { EventStore, StoredEvent } from '../event-store/port.js';
import type { Pool } from '../postgres/pool.js';
import { migrateProjections } from './apply-events.js';
import { BatchQueue } from './batch-queue.js';
import { DEFAULT_CHECKPOINT_NAME, readCheckpoint } from './checkpoint.js';
import { commitBatch } from './commit-batch.js';
import type { Projection } from './projection.js';
import { Progress } from './progress.js';

export interface ProjectorLogger {
  log(message: string): void;
  error(message: string, error: unknown): void;
}

export interface ProjectorOptions {
  pool: Pool;
  store: EventStore;
  projections: readonly Projection[];
  /** Most events applied in one transaction (default 100). */
  batchSize?: number;
  checkpointName?: string;
  /** First delay before retrying after a failure; doubles on each failure in a row, up to 30 s. */
  retryDelayMs?: number;
  logger?: ProjectorLogger;
  /** A batch slower than this is logged with the event types it held (default 1000 ms). */
  slowBatchMs?: number;
}

export interface ProjectorHandle {
  /** Finishes the batch in flight, then stops; resolves when stopped. */
  stop(): Promise<void>;
  /** Settles when the projector has stopped. */
  readonly done: Promise<void>;
  /** Resolves once this projector has committed `position` (rejects after `timeoutMs` if given). */
  caughtUp(position: bigint, timeoutMs?: number): Promise<void>;
  /** The last checkpoint this projector committed or read. */
  readonly position: bigint | null;
}

/** `TransactionRecorded×97, AccountStartDateChanged×1`: what a slow batch held. */
function describeTypes(batch: readonly StoredEvent[]): string {
  const counts = new Map<string, number>();
  for (const event of batch) counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
  return [...counts].map(([type, n]) => `${type}×${n}`).join(', ');
}

const silent: ProjectorLogger = { log: () => undefined, error: () => undefined };

/**
 * The projector (DESIGN.md §4): follows the global log from the stored checkpoint and commits
 * each batch of events together with the new checkpoint (`commitBatch`), so a crash or restart can
 * neither lose nor double an effect. On any failure it drops what it buffered, waits, and resumes
 * from the checkpoint in the database.
 */
export async function startProjector(options: ProjectorOptions): Promise<ProjectorHandle> {
  const { pool, store, projections, batchSize = 100, checkpointName = DEFAULT_CHECKPOINT_NAME } = options;
  const { retryDelayMs = 200, logger = silent, slowBatchMs = 1000 } = options;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error(`batchSize must be a positive integer, got ${batchSize}`);
  await migrateProjections(pool, projections);

  const progress = new Progress();
  let stopped = false;
  let failures = 0;
  let queue: BatchQueue<StoredEvent> | null = null;
  let wakeSleeper: (() => void) | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeSleeper = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  /** One subscription, from the checkpoint until stop, a failure, or a checkpoint moved by someone else. */
  const follow = async (): Promise<void> => {
    let cursor = await readCheckpoint(pool, checkpointName);
    progress.reached(cursor);
    logger.log(`projector: following the log from checkpoint ${cursor}`);
    const current = new BatchQueue<StoredEvent>(batchSize * 2);
    queue = current;
    const subscription = store.subscribeAll(cursor, (event) => current.push(event));
    subscription.done.then(
      () => current.close(),
      (error: unknown) => current.fail(error),
    );
    try {
      while (!stopped) {
        const batch = await current.take(batchSize);
        if (batch.length === 0) return;
        const started = Date.now();
        const reached = await commitBatch(pool, checkpointName, projections, cursor, batch);
        const took = Date.now() - started;
        if (took >= slowBatchMs) logger.log(`projector: slow batch of ${batch.length} events took ${took} ms (${describeTypes(batch)})`);
        progress.reached(reached);
        if (reached !== batch[batch.length - 1]!.position) return;
        cursor = reached;
        failures = 0;
      }
    } finally {
      current.close();
      await subscription.stop();
    }
  };

  const run = async (): Promise<void> => {
    while (!stopped) {
      try {
        await follow();
      } catch (error) {
        if (stopped) break;
        failures += 1;
        const delay = Math.min(retryDelayMs * 2 ** (failures - 1), 30_000);
        logger.error(`projector: failed at checkpoint ${progress.position ?? '?'}; retrying in ${delay} ms`, error);
        await sleep(delay);
      }
    }
    progress.abandon(new Error('The projector stopped'));
  };

  const done = run();
  logger.log(`projector: started (${projections.map((p) => p.name).join(', ')})`);
  return {
    done,
    get position() {
      return progress.position;
    },
    caughtUp: (position, timeoutMs) => progress.until(position, timeoutMs),
    stop: async () => {
      stopped = true;
      queue?.close();
      (wakeSleeper as (() => void) | null)?.();
      await done;
    },
  };
}
