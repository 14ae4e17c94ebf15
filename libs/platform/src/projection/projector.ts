import type { EventStore, StoredEvent } from '../event-store/port.js';
import type { Pool } from '../postgres/pool.js';
import { migrateProjections } from './apply-events.js';
import { DEFAULT_CHECKPOINT_NAME, readCheckpoint } from './checkpoint.js';
import { CheckpointWriter } from './checkpoint-writer.js';
import { commitUserBatch } from './commit-batch.js';
import type { Projection } from './projection.js';
import { Progress } from './progress.js';
import { UserQueues, type UserBatch } from './user-queues.js';

export interface ProjectorLogger {
  log(message: string): void;
  error(message: string, error: unknown): void;
}

export interface ProjectorOptions {
  pool: Pool;
  store: EventStore;
  projections: readonly Projection[];
  /** Most events of one user applied in one transaction (default 100). */
  batchSize?: number;
  /** Batches committed at once, each for a different user (default 4); uses as many pool connections. */
  workers?: number;
  /**
   * Most events read ahead of the checkpoint (default 20,000): a 5,000-row import is buffered
   * whole, so the reader goes on dispatching other users' events behind it.
   */
  capacity?: number;
  checkpointName?: string;
  /** First delay before retrying after a failure; doubles on each failure in a row, up to 30 s. */
  retryDelayMs?: number;
  logger?: ProjectorLogger;
  /** A batch slower than this is logged with the event types it held (default 1000 ms). */
  slowBatchMs?: number;
}

export interface ProjectorHandle {
  /** Finishes the batches in flight, stores the checkpoint they reached, then stops; resolves when stopped. */
  stop(): Promise<void>;
  /** Settles when the projector has stopped. */
  readonly done: Promise<void>;
  /** Resolves once the global checkpoint this projector stored or read is at `position` (rejects after `timeoutMs` if given). */
  caughtUp(position: bigint, timeoutMs?: number): Promise<void>;
  /** The last global checkpoint this projector stored or read. */
  readonly position: bigint | null;
}

/** `TransactionRecorded×97, AccountStartDateChanged×1`: what a slow batch held. */
function describeTypes(batch: readonly StoredEvent[]): string {
  const counts = new Map<string, number>();
  for (const event of batch) counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
  return [...counts].map(([type, n]) => `${type}×${n}`).join(', ');
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got ${value}`);
  return value;
}

const silent: ProjectorLogger = { log: () => undefined, error: () => undefined };

/**
 * The projector (docs/architecture.md §4), partitioned by user so that no user waits for another: one
 * subscription follows the global log from the stored checkpoint and deals each event to its
 * user's queue (`UserQueues`); `workers` workers each commit one user's batch at a time, together
 * with that user's position (`commitUserBatch`), so a crash, a restart, a second projector process
 * or a rebuild can neither lose nor double an effect. The global checkpoint is the low-water mark
 * (every event at or below it committed), stored after the batches (`CheckpointWriter`); a restart
 * resumes from it and drops what the user positions show as applied. On any failure it drops
 * what it buffered, waits, and resumes from the checkpoint in the database.
 */
export async function startProjector(options: ProjectorOptions): Promise<ProjectorHandle> {
  const { pool, store, projections, checkpointName = DEFAULT_CHECKPOINT_NAME, retryDelayMs = 200, logger = silent, slowBatchMs = 1000 } = options;
  const batchSize = positiveInteger('batchSize', options.batchSize ?? 100);
  const workers = positiveInteger('workers', options.workers ?? 4);
  const capacity = positiveInteger('capacity', options.capacity ?? 20_000);
  await migrateProjections(pool, projections);

  const progress = new Progress();
  /** The checkpoint only ever moves forward here (a restart may read one older than a save in flight was). */
  const reached = (position: bigint) => {
    if (progress.position === null || position > progress.position) progress.reached(position);
  };
  let stopped = false;
  let failures = 0;
  let queues: UserQueues<StoredEvent> | null = null;
  let wakeSleeper: (() => void) | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeSleeper = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  /** Commits one user's batch; logs it when slow. */
  const commit = async (batch: UserBatch<StoredEvent>): Promise<void> => {
    const started = Date.now();
    await commitUserBatch(pool, checkpointName, projections, batch.userId, batch.items);
    const took = Date.now() - started;
    if (took >= slowBatchMs) logger.log(`projector: slow batch of ${batch.items.length} events took ${took} ms (${describeTypes(batch.items)})`);
  };

  /** One worker: takes a ready user's batch, commits it, repeats until the queues close. */
  const work = async (current: UserQueues<StoredEvent>, checkpoint: CheckpointWriter): Promise<void> => {
    try {
      for (let batch = await current.take(batchSize); batch; batch = await current.take(batchSize)) {
        await commit(batch);
        checkpoint.advance(current.complete(batch));
        failures = 0;
      }
    } catch (error) {
      // The others finish the batch they hold, then stop: the round restarts from the checkpoint.
      current.fail(error);
      throw error;
    }
  };

  /** One subscription and its workers, from the checkpoint until stop or a failure. */
  const follow = async (): Promise<void> => {
    const cursor = await readCheckpoint(pool, checkpointName);
    reached(cursor);
    logger.log(`projector: following the log from checkpoint ${cursor} with ${workers} workers`);
    const current = new UserQueues<StoredEvent>(capacity, cursor, (event) => event.metadata.userId);
    queues = current;
    // A stop that came while the checkpoint was being read closed the previous round's queues only.
    if (stopped) current.close();
    const checkpoint = new CheckpointWriter(pool, checkpointName, cursor, reached, (error) => current.fail(error));
    const subscription = store.subscribeAll(cursor, (event) => current.push(event));
    subscription.done.then(
      () => current.close(),
      (error: unknown) => current.fail(error),
    );
    try {
      await Promise.allSettled(Array.from({ length: workers }, () => work(current, checkpoint)));
    } finally {
      current.close();
      await subscription.stop();
      await checkpoint.flush();
    }
    if (current.error) throw current.error.error;
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
      queues?.close();
      (wakeSleeper as (() => void) | null)?.();
      await done;
    },
  };
}
