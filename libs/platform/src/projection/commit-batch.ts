import type { StoredEvent } from '../event-store/port.js';
import { DECLARE_NO_APPEND } from '../event-store/postgres-event-row.js';
import { withTransaction, type Pool, type PoolClient } from '../postgres/pool.js';
import { applyEvents } from './apply-events.js';
import { lockUserPosition, saveUserPosition } from './checkpoint.js';
import { REBUILD_LOCK_CLASS } from './inline-projection-store.js';
import type { Projection } from './projection.js';
import { liftQuarantine } from './quarantine.js';

/**
 * Applies a batch of ONE user's events (in log order) to every projection and moves that user's
 * position to the last of them, all in ONE transaction: a crash before COMMIT leaves neither the
 * effects nor the new position, a crash after leaves both. Events at or below the position the
 * user's partition already has (its own row, or the global checkpoint) are dropped, so a batch
 * retried after a restart, or applied meanwhile by a second projector process or a rebuild, is
 * never applied twice. With `quarantined` (the user's partition is being retried) the quarantine
 * is lifted in the same transaction once its event commits. Returns the user's position after the
 * transaction.
 */
export async function commitUserBatch(
  pool: Pool,
  checkpointName: string,
  projections: readonly Projection[],
  userId: string,
  events: readonly StoredEvent[],
  quarantined = false,
): Promise<bigint> {
  return withTransaction(pool, async (client) => {
    await holdOffRebuild(client);
    const applied = await lockUserPosition(client, checkpointName, userId);
    const fresh = events.filter((event) => event.position > applied);
    const last = fresh[fresh.length - 1];
    if (!last) return applied;
    await applyEvents(client, projections, fresh);
    await saveUserPosition(client, checkpointName, userId, last.position);
    if (quarantined) await liftQuarantine(client, checkpointName, userId, last.position);
    return last.position;
  });
}

/**
 * The rebuild takes this lock class exclusively (`lockOutWriters`): while a batch holds it shared,
 * no rebuild truncates under it, and a batch that starts during a rebuild waits, then sees the
 * rebuilt checkpoint and drops what the rebuild replayed.
 */
async function holdOffRebuild(client: PoolClient): Promise<void> {
  // A batch only writes read models: it declares it never appends (in the same statement), so the
  // log's readers — this projector's own subscription among them — do not hold every user's events
  // back behind one user's batch until it commits (docs/architecture.md §3).
  await client.query(`SELECT pg_advisory_xact_lock_shared($1, 0), ${DECLARE_NO_APPEND}`, [REBUILD_LOCK_CLASS]);
}
