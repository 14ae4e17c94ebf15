import type { EventStore, StoredEvent } from '../event-store/port.js';
import type { Pool } from '../postgres/pool.js';
import { migrateProjections } from './apply-events.js';
import { enterAsyncMode } from './handover.js';
import { DEFAULT_CHECKPOINT_NAME, readCheckpoint, readUserApplied, readUserPositionsAbove } from './checkpoint.js';
import { CheckpointWriter } from './checkpoint-writer.js';
import { commitUserBatch } from './commit-batch.js';
import type { Projection } from './projection.js';
import { Progress } from './progress.js';
import { quarantineUser, readHeldUsers, readQuarantines } from './quarantine.js';
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
  /**
   * First delay before a quarantined user's partition is tried again (default 5 s); it doubles on
   * each failure of the same event, up to `quarantineMaxRetryMs` (default 5 min).
   */
  quarantineRetryMs?: number;
  quarantineMaxRetryMs?: number;
  /** While a partition is quarantined, how often the projector looks whether it is due (its retry time came, or an operator resumed it); default 1 s. */
  quarantinePollMs?: number;
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

/** One round's queues, and the quarantined users it is trying again (until their event commits or fails). */
interface Round {
  readonly queues: UserQueues<StoredEvent>;
  readonly retrying: Set<string>;
}

const silent: ProjectorLogger = { log: () => undefined, error: () => undefined };

/**
 * The projector (docs/architecture.md §4), partitioned by user so that no user waits for another: one
 * subscription follows the global log from the stored checkpoint and deals each event to its
 * user's queue (`UserQueues`); `workers` workers each commit one user's batch at a time, together
 * with that user's position (`commitUserBatch`), so a crash, a restart, a second projector process
 * or a rebuild can neither lose nor double an effect. The global checkpoint is the low-water mark
 * (every event at or below it committed), stored after the batches (`CheckpointWriter`); a restart
 * resumes from it and drops what the user positions show as applied.
 *
 * One user's failing event stops nobody else: a batch that fails is committed again one event at a
 * time, the event that fails is recorded in `projector_quarantine` (named in the log and on
 * `/health`; the API answers that user's writes 202 at once) and that user's partition is parked —
 * their later events are left unapplied and the global checkpoint stays just below the failing
 * one — while every other user goes on. The partition is retried in place (`catchUp`: that user's
 * events only, from the user's own position, through `EventStore.readUser`) when its `retry_at`
 * comes (backoff doubling from `quarantineRetryMs` to `quarantineMaxRetryMs`), when an operator
 * sets `retry_at` to now or deletes the row, and once at every start of the projector (a fix is
 * deployed by restarting it); the attempts are kept, so a restart does not start the backoff over.
 * The quarantine is lifted in the transaction that commits the event. Any other failure (the
 * database unreachable, the quarantine not storable) drops what was buffered, waits, and resumes
 * from the checkpoint in the database.
 */
export async function startProjector(options: ProjectorOptions): Promise<ProjectorHandle> {
  const { pool, store, projections, checkpointName = DEFAULT_CHECKPOINT_NAME, retryDelayMs = 200, logger = silent, slowBatchMs = 1000 } = options;
  const retry = { firstMs: options.quarantineRetryMs ?? 5000, maxMs: options.quarantineMaxRetryMs ?? 300_000 };
  const quarantinePollMs = positiveInteger('quarantinePollMs', options.quarantinePollMs ?? 1000);
  const batchSize = positiveInteger('batchSize', options.batchSize ?? 100);
  const workers = positiveInteger('workers', options.workers ?? 4);
  const capacity = positiveInteger('capacity', options.capacity ?? 20_000);
  await migrateProjections(pool, projections);
  if (projections.length > 0) await enterAsyncMode(pool, checkpointName);

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
  const commit = async (batch: UserBatch<StoredEvent>, quarantined: boolean): Promise<void> => {
    const started = Date.now();
    await commitUserBatch(pool, checkpointName, projections, batch.userId, batch.items, quarantined);
    const took = Date.now() - started;
    if (took >= slowBatchMs) logger.log(`projector: slow batch of ${batch.items.length} events took ${took} ms (${describeTypes(batch.items)})`);
  };

  /**
   * A batch failed: commits its events one at a time up to the one that fails, quarantines the
   * user at that event and parks their partition. Returns the low-water mark. Throws (the round
   * fails) when the quarantine cannot be stored.
   */
  const isolate = async (round: Round, batch: UserBatch<StoredEvent>, error: unknown): Promise<bigint> => {
    const failure = await findFailure(round, batch.userId, batch.items, error);
    // Every event went through on its own: the failure has passed.
    if (!failure) return settled(round, batch);
    await quarantine(round, batch.userId, batch.items[failure.failedAt]!, failure.cause);
    return round.queues.park(batch.userId, { batch, failedAt: failure.failedAt });
  };

  /**
   * A commit of `events` (one user's) failed with `error`: commits them one at a time up to the
   * one that fails. Returns its index and error, or null when every one went through.
   */
  const findFailure = async (round: Round, userId: string, events: readonly StoredEvent[], error: unknown): Promise<{ failedAt: number; cause: unknown } | null> => {
    if (events.length <= 1) return { failedAt: 0, cause: error };
    const quarantined = round.retrying.has(userId);
    for (let failedAt = 0; failedAt < events.length; failedAt += 1) {
      try {
        await commitUserBatch(pool, checkpointName, projections, userId, [events[failedAt]!], quarantined);
      } catch (single) {
        return { failedAt, cause: single };
      }
    }
    return null;
  };

  /** Records the quarantine of `userId` at `event` (throws, failing the round, when it cannot be stored). */
  const quarantine = async (round: Round, userId: string, event: StoredEvent, cause: unknown): Promise<void> => {
    const row = await quarantineUser(pool, checkpointName, event, cause, retry);
    logger.error(
      `projector: quarantined user ${userId}'s partition at event ${event.position} (${event.type} ${event.id}), attempt ${row.attempts}: ` +
        `${row.error}; projecting every other user; next try at ${row.retryAt.toISOString()}`,
      cause,
    );
    round.retrying.delete(userId);
  };

  /**
   * Retries a parked partition in place (docs/architecture.md §4): reads only that user's events,
   * from its own position up to where the subscription has dispatched (`EventStore.readUser`, an
   * index by user), commits them in batches, then hands the user back to the queues, which held
   * their later events meanwhile. Nobody else's event is read again. A failing event parks the
   * user again with a new quarantine attempt; any other failure ends the round.
   */
  const catchUp = async (round: Round, checkpoint: CheckpointWriter, userId: string, readUser: NonNullable<EventStore['readUser']>): Promise<void> => {
    const upTo = round.queues.beginCatchUp(userId);
    if (upTo === null) return;
    round.retrying.add(userId);
    let committed = false;
    try {
      let after = await readUserApplied(pool, checkpointName, userId);
      while (!round.queues.isClosed) {
        const events = after >= upTo ? [] : await readUser.call(store, userId, { after, upTo, limit: batchSize });
        if (events.length === 0) break;
        try {
          after = await commitUserBatch(pool, checkpointName, projections, userId, events, true);
          committed = true;
        } catch (error) {
          const failure = await findFailure(round, userId, events, error);
          if (failure) {
            await quarantine(round, userId, events[failure.failedAt]!, failure.cause);
            checkpoint.advance(round.queues.endCatchUp(userId, events[failure.failedAt]!.position));
            return;
          }
          after = events[events.length - 1]!.position;
          committed = true;
        }
      }
    } catch (error) {
      round.queues.fail(error);
      return;
    }
    if (committed && round.retrying.delete(userId)) logger.log(`projector: user ${userId}'s partition resumed`);
    checkpoint.advance(round.queues.endCatchUp(userId));
  };

  /** The batch committed: a retried partition is resumed. Returns the low-water mark. */
  const settled = (round: Round, batch: UserBatch<StoredEvent>): bigint => {
    if (round.retrying.delete(batch.userId)) logger.log(`projector: user ${batch.userId}'s partition resumed`);
    return round.queues.complete(batch);
  };

  /** One worker: takes a ready user's batch, commits it (or quarantines its user), repeats until the queues close. */
  const work = async (round: Round, checkpoint: CheckpointWriter): Promise<void> => {
    const current = round.queues;
    try {
      for (let batch = await current.take(batchSize); batch; batch = await current.take(batchSize)) {
        let mark: bigint;
        try {
          await commit(batch, round.retrying.has(batch.userId));
          mark = settled(round, batch);
        } catch (error) {
          mark = await isolate(round, batch, error);
        }
        checkpoint.advance(mark);
        failures = 0;
      }
    } catch (error) {
      // The others finish the batch they hold, then stop: the round restarts from the checkpoint.
      current.fail(error);
      throw error;
    }
  };

  /**
   * While partitions are parked, looks every `quarantinePollMs` whether one is due (by the
   * database's clock); then catches it up in place (`catchUp`), or, with a store that cannot read
   * one user's events, ends the round and the next one retries it. Returns a stop function.
   */
  const watchParked = (round: Round, checkpoint: CheckpointWriter): (() => Promise<void>) => {
    let looking: Promise<void> | null = null;
    const readUser = store.readUser;
    const timer = setInterval(() => {
      const parked = [...round.queues.parkedUsers];
      if (looking || parked.length === 0) return;
      looking = readHeldUsers(pool, checkpointName, parked)
        .then(async (held) => {
          const due = parked.filter((user) => !held.has(user));
          if (due.length === 0) return;
          logger.log(`projector: retrying the quarantined partition of ${due.join(', ')}`);
          if (!readUser) return round.queues.close();
          // One at a time, each on one pool connection besides the workers'.
          for (const user of due) await catchUp(round, checkpoint, user, readUser);
        })
        .catch((error: unknown) => logger.error('projector: could not read the quarantined partitions', error))
        .finally(() => (looking = null));
    }, quarantinePollMs);
    return async () => {
      clearInterval(timer);
      await looking;
    };
  };

  let firstRound = true;

  /** One subscription and its workers, from the checkpoint until stop, a failure, or a parked partition due again. */
  const follow = async (): Promise<void> => {
    const cursor = await readCheckpoint(pool, checkpointName);
    reached(cursor);
    // Users already past the checkpoint (another user's parked event holds it back): their events up to there pass as applied.
    const applied = await readUserPositionsAbove(pool, checkpointName, cursor);
    const quarantines = await readQuarantines(pool, checkpointName);
    // The first round of a process tries every quarantined partition once; later rounds wait for each one's retry.
    const held = firstRound ? new Set<string>() : await readHeldUsers(pool, checkpointName, quarantines.map((q) => q.userId));
    firstRound = false;
    logger.log(`projector: following the log from checkpoint ${cursor} with ${workers} workers` + (quarantines.length > 0 ? `; ${quarantines.length} quarantined partition(s), ${quarantines.length - held.size} retried now` : ''));
    const current = new UserQueues<StoredEvent>(capacity, cursor, (event) => event.metadata.userId);
    const round: Round = { queues: current, retrying: new Set(quarantines.filter((q) => !held.has(q.userId)).map((q) => q.userId)) };
    for (const user of held) current.park(user);
    queues = current;
    // A stop that came while the checkpoint was being read closed the previous round's queues only.
    if (stopped) current.close();
    const checkpoint = new CheckpointWriter(pool, checkpointName, cursor, reached, (error) => current.fail(error));
    const subscription = store.subscribeAll(cursor, (event) => current.push(event, event.position <= (applied.get(event.metadata.userId) ?? cursor)));
    subscription.done.then(
      () => current.close(),
      (error: unknown) => current.fail(error),
    );
    const unwatch = watchParked(round, checkpoint);
    try {
      await Promise.allSettled(Array.from({ length: workers }, () => work(round, checkpoint)));
    } finally {
      current.close();
      // A catch-up in flight sees the queues closed and stops after its batch.
      await unwatch();
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
