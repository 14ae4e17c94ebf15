import type { Migration } from '../postgres/migrate.js';
import type { PoolClient } from '../postgres/pool.js';

/** The one row that says how far the read models have applied the global log. */
export const DEFAULT_CHECKPOINT_NAME = 'read-models';
/** Channel on which every checkpoint move is announced (payload: the new position). */
export const CHECKPOINT_CHANNEL = 'projector_checkpoint';

export const checkpointMigrations: Migration[] = [
  {
    id: 'platform-projection-001-checkpoint',
    sql: `CREATE TABLE IF NOT EXISTS projector_checkpoint (name text PRIMARY KEY, position bigint NOT NULL)`,
  },
];

type Queryable = Pick<PoolClient, 'query'>;

/** The stored position (0 when the projector never ran). */
export async function readCheckpoint(db: Queryable, name: string): Promise<bigint> {
  const { rows } = await db.query<{ position: string }>('SELECT position FROM projector_checkpoint WHERE name = $1', [name]);
  return BigInt(rows[0]?.position ?? 0);
}

/**
 * Creates the row if needed and locks it until the transaction ends. Every writer of read models
 * (projector batch, rebuild) takes this lock first, so they run one at a time and never deadlock.
 */
export async function lockCheckpoint(client: PoolClient, name: string): Promise<bigint> {
  await client.query('INSERT INTO projector_checkpoint (name, position) VALUES ($1, 0) ON CONFLICT (name) DO NOTHING', [name]);
  const { rows } = await client.query<{ position: string }>(
    'SELECT position FROM projector_checkpoint WHERE name = $1 FOR UPDATE',
    [name],
  );
  return BigInt(rows[0]!.position);
}

/** Moves the checkpoint; the NOTIFY is delivered by PostgreSQL only when the transaction commits. */
export async function saveCheckpoint(client: PoolClient, name: string, position: bigint): Promise<void> {
  await client.query('UPDATE projector_checkpoint SET position = $2 WHERE name = $1', [name, position.toString()]);
  await client.query('SELECT pg_notify($1, $2)', [CHECKPOINT_CHANNEL, position.toString()]);
}
