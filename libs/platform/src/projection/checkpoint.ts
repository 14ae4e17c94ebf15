import type { Migration } from '../postgres/migrate.js';
import type { PoolClient, Queryable } from '../postgres/pool.js';

/** The one row that says how far the read models have applied the global log. */
export const DEFAULT_CHECKPOINT_NAME = 'read-models';
/**
 * Channel on which checkpoint moves are announced. Payload: the new global position (`42`), one
 * user's partition position (`u:<userId>:42`) when a projector worker commits that user's batch, or
 * `q:<userId>:42` when that user's partition is quarantined at the event at 42.
 */
export const CHECKPOINT_CHANNEL = 'projector_checkpoint';

export const checkpointMigrations: Migration[] = [
  {
    id: 'platform-projection-001-checkpoint',
    sql: `CREATE TABLE IF NOT EXISTS projector_checkpoint (name text PRIMARY KEY, position bigint NOT NULL)`,
  },
  {
    // The last event applied per user (the projector's partitions): what makes a retried or
    // duplicated batch a no-op, and what a user's read-your-writes wait looks at.
    id: 'platform-projection-002-user-positions',
    sql: `CREATE TABLE IF NOT EXISTS projector_user_positions (
      name text NOT NULL, user_id text NOT NULL, position bigint NOT NULL, PRIMARY KEY (name, user_id))`,
  },
  {
    // Who projects the read models now: the api inline, or the projector (handover.ts). Absent
    // until a process of this version starts.
    id: 'platform-projection-003-mode',
    sql: `CREATE TABLE IF NOT EXISTS projection_mode (name text PRIMARY KEY, mode text NOT NULL CHECK (mode IN ('inline', 'async')), since timestamptz NOT NULL DEFAULT now())`,
  },
];

/** The stored position (0 when the projector never ran). */
export async function readCheckpoint(db: Queryable, name: string): Promise<bigint> {
  const { rows } = await db.query<{ position: string }>('SELECT position FROM projector_checkpoint WHERE name = $1', [name]);
  return BigInt(rows[0]?.position ?? 0);
}

/**
 * Creates the row if needed and locks it until the transaction ends. The rebuild takes it, and a
 * projector's checkpoint move (`advanceCheckpoint`) waits for the rebuild to end behind it.
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
  await announce(client, position.toString());
}

/**
 * Moves the checkpoint forward only (its own statement, so its own transaction): two projector
 * processes, or a rebuild that already set it to the head, never see it move back. Announces and
 * returns the position as it stands.
 */
export async function advanceCheckpoint(db: Queryable, name: string, position: bigint): Promise<bigint> {
  const { rows } = await db.query<{ position: string }>(
    `WITH moved AS (
       INSERT INTO projector_checkpoint AS c (name, position) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET position = GREATEST(c.position, EXCLUDED.position)
       RETURNING c.position)
     SELECT position::text AS position, pg_notify($3, position::text) FROM moved`,
    [name, position.toString(), CHECKPOINT_CHANNEL],
  );
  return BigInt(rows[0]!.position);
}

/**
 * Locks one user's partition until the transaction ends (creating its row if needed) and returns
 * the position up to which that user's events are already applied: the user's own row, or the
 * global checkpoint when it is further (every event at or below it is applied; a rebuild sets it
 * to the head and clears the user rows).
 */
export async function lockUserPosition(client: PoolClient, name: string, userId: string): Promise<bigint> {
  await client.query('INSERT INTO projector_user_positions (name, user_id, position) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING', [name, userId]);
  const { rows } = await client.query<{ position: string }>(
    `SELECT GREATEST(u.position, (SELECT c.position FROM projector_checkpoint c WHERE c.name = $1))::text AS position
       FROM projector_user_positions u WHERE u.name = $1 AND u.user_id = $2 FOR UPDATE OF u`,
    [name, userId],
  );
  return BigInt(rows[0]!.position);
}

/** Up to where the user's events are applied: the user's own position, or the global checkpoint when further (as `lockUserPosition`, without the lock). */
export async function readUserApplied(db: Queryable, name: string, userId: string): Promise<bigint> {
  const { rows } = await db.query<{ position: string }>(
    `SELECT GREATEST(
       (SELECT u.position FROM projector_user_positions u WHERE u.name = $1 AND u.user_id = $2),
       (SELECT c.position FROM projector_checkpoint c WHERE c.name = $1), 0)::text AS position`,
    [name, userId],
  );
  return BigInt(rows[0]!.position);
}

/** Records the user's last applied event; announced (`u:<userId>:<position>`) when the transaction commits. */
export async function saveUserPosition(client: PoolClient, name: string, userId: string, position: bigint): Promise<void> {
  await client.query('UPDATE projector_user_positions SET position = $3 WHERE name = $1 AND user_id = $2', [name, userId, position.toString()]);
  await announce(client, userAnnouncement(userId, position));
}

/** Forgets every user's position (a rebuild, which sets the global checkpoint to the head that covers them). */
export async function clearUserPositions(client: PoolClient, name: string): Promise<void> {
  await client.query('DELETE FROM projector_user_positions WHERE name = $1', [name]);
}

/** The stored positions of these users' partitions (users without a row are left out). */
export async function readUserPositions(db: Queryable, name: string, userIds: readonly string[]): Promise<Map<string, bigint>> {
  const { rows } = await db.query<{ user_id: string; position: string }>(
    'SELECT user_id, position::text AS position FROM projector_user_positions WHERE name = $1 AND user_id = ANY($2::text[])',
    [name, userIds],
  );
  return new Map(rows.map((r) => [r.user_id, BigInt(r.position)]));
}

/** Every user whose partition is past `position` (the global checkpoint), with its position. */
export async function readUserPositionsAbove(db: Queryable, name: string, position: bigint): Promise<Map<string, bigint>> {
  const { rows } = await db.query<{ user_id: string; position: string }>(
    'SELECT user_id, position::text AS position FROM projector_user_positions WHERE name = $1 AND position > $2',
    [name, position.toString()],
  );
  return new Map(rows.map((r) => [r.user_id, BigInt(r.position)]));
}

/**
 * What a payload on `CHECKPOINT_CHANNEL` says: the global checkpoint (`userId` null), one user's
 * position, or (`quarantined`) the event at which one user's partition was quarantined.
 */
export interface CheckpointAnnouncement {
  userId: string | null;
  position: bigint;
  quarantined?: true;
}

const GLOBAL_PAYLOAD = /^\d{1,19}$/;
/** The user id is everything between `u:` and the last colon, so an id holding colons still parses. */
const USER_PAYLOAD = /^([uq]):(.+):(\d{1,19})$/s;

function userAnnouncement(userId: string, position: bigint): string {
  return `u:${userId}:${position}`;
}

/** Parses a payload; anything malformed (another sender, a future format) is null and ignored. */
export function readAnnouncement(payload: string | undefined): CheckpointAnnouncement | null {
  if (!payload) return null;
  if (GLOBAL_PAYLOAD.test(payload)) return { userId: null, position: BigInt(payload) };
  const user = USER_PAYLOAD.exec(payload);
  if (!user) return null;
  return { userId: user[2]!, position: BigInt(user[3]!), ...(user[1] === 'q' && { quarantined: true as const }) };
}

async function announce(client: Queryable, payload: string): Promise<void> {
  await client.query('SELECT pg_notify($1, $2)', [CHECKPOINT_CHANNEL, payload]);
}
