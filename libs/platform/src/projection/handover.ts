import { withTransaction, type Pool } from '../postgres/pool.js';
import { DEFAULT_CHECKPOINT_NAME } from './checkpoint.js';
import { lockOutWriters } from './inline-projection-store.js';
import { readProjectionLag } from './lag.js';

/**
 * Switching between inline and async projection without replaying or losing anything
 * (docs/architecture.md §4). Each inline append moves its users' partitions of the projector's
 * checkpoint past its events in its own statement (postgres-append.ts), so a projector started
 * later skips what the inline path applied, exactly as it skips its own retried batches: inline →
 * async needs no step. The other way needs one: an inline write applies its events on top of the
 * read models as they are, so it must not start before the projector has applied everything.
 * `projection_mode` records which side projects now.
 */
export class ProjectionHandoverError extends Error {
  override readonly name = 'ProjectionHandoverError';
}

/**
 * Called where the api (or the worker) starts with inline projection. After async projection, it
 * refuses to start until the projector has applied the whole log (stop the projector once its lag
 * is 0, then start). A database that never recorded a mode (this version's first start) was
 * projected inline: every committed event is applied, and the partitions are moved past them.
 */
export async function enterInlineMode(pool: Pool, checkpointName = DEFAULT_CHECKPOINT_NAME): Promise<void> {
  const { rows } = await pool.query<{ mode: string }>('SELECT mode FROM projection_mode WHERE name = $1', [checkpointName]);
  const mode = rows[0]?.mode;
  if (mode === 'inline') return;
  if (mode === 'async') {
    const lag = await readProjectionLag(pool, checkpointName);
    if (lag.lagEvents > 0) {
      throw new ProjectionHandoverError(
        `Switching to inline projection: the projector has not applied ${lag.lagEvents} event(s) of ${lag.lagUsers} user(s) yet. ` +
          'Let it catch up (GET /api/v1/health shows lagEvents 0), stop it, then start with PROJECTION=inline.',
      );
    }
  }
  await withTransaction(pool, async (client) => {
    // No write is in flight while the partitions are claimed (inline writes hold this lock shared).
    await lockOutWriters(client);
    if (mode === undefined) {
      await client.query(
        `INSERT INTO projector_user_positions (name, user_id, position)
         SELECT $1, user_id, max(position) FROM es_events GROUP BY user_id
         ON CONFLICT (name, user_id) DO UPDATE SET position = greatest(projector_user_positions.position, EXCLUDED.position)`,
        [checkpointName],
      );
    }
    await client.query(
      `INSERT INTO projection_mode (name, mode) VALUES ($1, 'inline') ON CONFLICT (name) DO UPDATE SET mode = 'inline', since = now()`,
      [checkpointName],
    );
  });
}

/** Called where the projector starts with async projection: it takes over from the partitions as they are. */
export async function enterAsyncMode(pool: Pool, checkpointName = DEFAULT_CHECKPOINT_NAME): Promise<void> {
  await pool.query(
    `INSERT INTO projection_mode (name, mode) VALUES ($1, 'async') ON CONFLICT (name) DO UPDATE SET mode = 'async', since = now() WHERE projection_mode.mode <> 'async'`,
    [checkpointName],
  );
}
