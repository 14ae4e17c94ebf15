import { DECLARE_NO_APPEND_SQL, readablePrefix, SELECT_COLUMNS, SETTLED, type LogRow } from '../event-store/postgres-event-row.js';
import { withTransaction, type Pool, type PoolClient } from '../postgres/pool.js';
import { applyEvents, migrateProjections } from './apply-events.js';
import { DEFAULT_CHECKPOINT_NAME, lockUserPosition, saveUserPosition } from './checkpoint.js';
import { REBUILD_LOCK_CLASS, USER_WRITE_LOCK_CLASS } from './inline-projection-store.js';
import type { Projection } from './projection.js';
import { liftQuarantine } from './quarantine.js';
import { tableIdentifier } from './table-names.js';

/** One user's events after `after`, in log order, each marked settled or not (see `READ_ALL_SQL`). */
const USER_EVENTS_SQL = `
  SELECT ${SELECT_COLUMNS}, ${SETTLED} AS settled
    FROM es_events e
   WHERE e.user_id = $1 AND e.position > $2
   ORDER BY e.position
   LIMIT $3`;

export interface UserRebuildResult {
  userId: string;
  events: number;
  position: bigint;
}

/**
 * Rebuilds ONE user's read models (docs/architecture.md §4): deletes the user's rows from every
 * read-model table and replays the user's events into them, in one transaction that holds only
 * that user's write lock — every other user reads and writes meanwhile, and the user's own writes
 * wait for a moment. Every read-model table carries `user_id` (as erasure relies on too), so a
 * user's rows depend on that user's events alone. A whole-log rebuild (`rebuildReadModels`) takes
 * the rebuild lock exclusively and so never runs at the same time. The user's partition of the
 * projector's checkpoint is moved to the last event replayed, under its row lock: a projector batch
 * of that user waits for the rebuild and then skips what it replayed. Events not settled yet (an
 * append of the user still in flight without the inline lock, with async projection) are left to
 * the projector: the replay stops before the first one. The transaction declares it never appends
 * (`DECLARE_NO_APPEND_SQL`), so the log's readers hand out everyone else's events meanwhile.
 */
export async function rebuildUserReadModels(options: { pool: Pool; projections: readonly Projection[]; userId: string; checkpointName?: string; pageSize?: number }): Promise<UserRebuildResult> {
  const { pool, projections, userId, checkpointName = DEFAULT_CHECKPOINT_NAME, pageSize = 1000 } = options;
  const tables = [...new Set(projections.flatMap((p) => p.tables))].map(tableIdentifier);
  return withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock_shared($1, 0), pg_advisory_xact_lock($2, hashtext($3))', [REBUILD_LOCK_CLASS, USER_WRITE_LOCK_CLASS, userId]);
    // It only writes read models, for many seconds on a long history: readers of the log (the
    // projector, the change feed) must not wait for it, or every user's events wait behind it.
    await client.query(DECLARE_NO_APPEND_SQL);
    await lockUserPosition(client, checkpointName, userId);
    for (const table of tables) await client.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
    let position = 0n;
    let events = 0;
    for (;;) {
      const { rows } = await client.query<LogRow>(USER_EVENTS_SQL, [userId, position.toString(), pageSize]);
      const { events: page, heldBack } = readablePrefix(rows);
      const last = page[page.length - 1];
      if (last) {
        await applyEvents(client, projections, page);
        position = last.position;
        events += page.length;
      }
      if (heldBack.length > 0 || rows.length < pageSize) break;
    }
    await saveUserPosition(client, checkpointName, userId, position);
    // It replayed every event of the user: a quarantine of the user's partition is lifted (or the rebuild fails whole).
    if (position > 0n) await liftQuarantine(client, checkpointName, userId, position);
    return { userId, events, position };
  });
}

/**
 * `npm run rebuild-read-models`: every user's read models rebuilt one user at a time
 * (`rebuildUserReadModels`), so no write of anyone else ever waits for the rebuild. Users with
 * events are found in the log; rows of users with no event left (erased) are removed.
 */
export async function rebuildReadModelsPerUser(options: {
  pool: Pool;
  projections: readonly Projection[];
  checkpointName?: string;
  /**
   * Users rebuilt at once (default 1), each in its own transaction on its own connection: users
   * share no row and no lock, and a rebuild holds no reader of the log back (`DECLARE_NO_APPEND_SQL`),
   * so the only limit is the machine (one PostgreSQL backend works one core).
   */
  concurrency?: number;
  onUser?: (result: UserRebuildResult, done: number, total: number) => void;
}): Promise<{ users: number; events: number }> {
  const { pool, projections } = options;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  await migrateProjections(pool, projections);
  const { rows } = await pool.query<{ user_id: string }>('SELECT DISTINCT user_id FROM es_events ORDER BY user_id');
  let events = 0;
  let done = 0;
  let next = 0;
  const lane = async () => {
    while (next < rows.length) {
      const userId = rows[next++]!.user_id;
      const result = await rebuildUserReadModels({ pool, projections, userId, ...(options.checkpointName ? { checkpointName: options.checkpointName } : {}) });
      events += result.events;
      done += 1;
      options.onUser?.(result, done, rows.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, rows.length)) }, lane));
  await withTransaction(pool, (client) => removeRowsOfUsersWithoutEvents(client, projections));
  return { users: rows.length, events };
}

async function removeRowsOfUsersWithoutEvents(client: PoolClient, projections: readonly Projection[]): Promise<void> {
  for (const table of new Set(projections.flatMap((p) => p.tables))) {
    await client.query(`DELETE FROM ${tableIdentifier(table)} t WHERE NOT EXISTS (SELECT 1 FROM es_events e WHERE e.user_id = t.user_id::text)`);
  }
}
