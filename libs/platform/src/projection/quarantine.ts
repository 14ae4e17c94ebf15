import type { StoredEvent } from '../event-store/port.js';
import type { Migration } from '../postgres/migrate.js';
import type { PoolClient, Queryable } from '../postgres/pool.js';
import { CHECKPOINT_CHANNEL } from './checkpoint.js';

/**
 * A user's projector partition held back by an event no projection could apply (a "poison"
 * event): the projector goes on with every other user, keeps this user's events from that one on
 * unapplied, and retries the partition with backoff (see `startProjector`). The row is what makes
 * a restart know about it (the first round of a process retries it once, later rounds wait for
 * `retry_at`), what `/health` reports, and what the API's waiter reads to answer a quarantined
 * user's writes 202 at once. An operator resumes a partition early by setting `retry_at` to now
 * (or deleting the row); the projector notices within its quarantine poll interval.
 */
export const quarantineMigrations: Migration[] = [
  {
    id: 'platform-projection-003-quarantine',
    sql: `CREATE TABLE IF NOT EXISTS projector_quarantine (
      name text NOT NULL,
      user_id text NOT NULL,
      position bigint NOT NULL,
      event_id text NOT NULL,
      event_type text NOT NULL,
      error text NOT NULL,
      attempts integer NOT NULL,
      since timestamptz NOT NULL DEFAULT now(),
      retry_at timestamptz NOT NULL,
      PRIMARY KEY (name, user_id))`,
  },
];

export interface Quarantine {
  userId: string;
  /** The event that failed: its position, id and type. */
  position: bigint;
  eventId: string;
  eventType: string;
  error: string;
  /** Failed tries of this event in a row. */
  attempts: number;
  since: Date;
  retryAt: Date;
}

interface QuarantineRow {
  user_id: string;
  position: string;
  event_id: string;
  event_type: string;
  error: string;
  attempts: number;
  since: Date;
  retry_at: Date;
}

const COLUMNS = 'user_id, position::text AS position, event_id, event_type, error, attempts, since, retry_at';

function fromRow(row: QuarantineRow): Quarantine {
  return {
    userId: row.user_id,
    position: BigInt(row.position),
    eventId: row.event_id,
    eventType: row.event_type,
    error: row.error,
    attempts: row.attempts,
    since: row.since,
    retryAt: row.retry_at,
  };
}

/**
 * Records (or renews) the quarantine of `userId` at `event` and announces it (`q:<userId>:<position>`
 * on the checkpoint channel) so that writes waiting for that user stop waiting. A failure of the
 * same event again counts one more attempt; another event starts over at one. The next retry is
 * due `firstMs` × 2^(attempts − 1) later, at most `maxMs` (by the database's clock). Returns the row.
 */
export async function quarantineUser(
  db: Queryable,
  name: string,
  event: StoredEvent,
  error: unknown,
  retry: { firstMs: number; maxMs: number },
): Promise<Quarantine> {
  const message = error instanceof Error ? error.message : String(error);
  const { rows } = await db.query<QuarantineRow>(
    `WITH previous AS (
       SELECT attempts FROM projector_quarantine WHERE name = $1 AND user_id = $2 AND position = $3),
     tried AS (SELECT coalesce((SELECT attempts FROM previous), 0) + 1 AS attempts),
     stored AS (
       INSERT INTO projector_quarantine AS q (name, user_id, position, event_id, event_type, error, attempts, retry_at)
       SELECT $1, $2, $3, $4, $5, $6, tried.attempts,
              now() + make_interval(secs => least($7::float8 * 2 ^ least(tried.attempts - 1, 30), $8::float8) / 1000)
         FROM tried
       ON CONFLICT (name, user_id) DO UPDATE SET
         since = CASE WHEN q.position = EXCLUDED.position THEN q.since ELSE now() END,
         position = EXCLUDED.position, event_id = EXCLUDED.event_id, event_type = EXCLUDED.event_type,
         error = EXCLUDED.error, attempts = EXCLUDED.attempts, retry_at = EXCLUDED.retry_at
       RETURNING q.user_id, q.position::text AS position, q.event_id, q.event_type, q.error, q.attempts, q.since, q.retry_at)
     SELECT stored.*, pg_notify($9, 'q:' || $2 || ':' || $3) FROM stored`,
    [name, event.metadata.userId, event.position.toString(), event.id, event.type, message.slice(0, 2000), retry.firstMs, retry.maxMs, CHECKPOINT_CHANNEL],
  );
  return fromRow(rows[0]!);
}

/** Every quarantined partition of this checkpoint, oldest event first. */
export async function readQuarantines(db: Queryable, name: string): Promise<Quarantine[]> {
  const { rows } = await db.query<QuarantineRow>(`SELECT ${COLUMNS} FROM projector_quarantine WHERE name = $1 ORDER BY position`, [name]);
  return rows.map(fromRow);
}

/** Of these users, those whose partition is quarantined now. */
export async function readUserQuarantines(db: Queryable, name: string, userIds: readonly string[]): Promise<Quarantine[]> {
  const { rows } = await db.query<QuarantineRow>(
    `SELECT ${COLUMNS} FROM projector_quarantine WHERE name = $1 AND user_id = ANY($2::text[])`,
    [name, userIds],
  );
  return rows.map(fromRow);
}

/** Of these users, those still held: quarantined with a retry not due yet (by the database's clock). */
export async function readHeldUsers(db: Queryable, name: string, userIds: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ user_id: string }>(
    'SELECT user_id FROM projector_quarantine WHERE name = $1 AND user_id = ANY($2::text[]) AND retry_at > now()',
    [name, userIds],
  );
  return new Set(rows.map((r) => r.user_id));
}

/** Lifts the user's quarantine once a batch at or past its event committed (inside that batch's transaction). */
export async function liftQuarantine(client: PoolClient, name: string, userId: string, position: bigint): Promise<boolean> {
  const result = await client.query('DELETE FROM projector_quarantine WHERE name = $1 AND user_id = $2 AND position <= $3', [name, userId, position.toString()]);
  return (result.rowCount ?? 0) > 0;
}

/** Forgets every quarantine (a rebuild applied every event, so none is failing any more). */
export async function clearQuarantines(client: PoolClient, name: string): Promise<void> {
  await client.query('DELETE FROM projector_quarantine WHERE name = $1', [name]);
}

/**
 * Makes quarantined partitions due now (one user's, or every one): a running projector retries
 * them within its poll interval, keeping their attempt count. Returns how many were due.
 */
export async function resumeQuarantined(db: Queryable, name: string, userId: string | null = null): Promise<number> {
  const result = await db.query('UPDATE projector_quarantine SET retry_at = now() WHERE name = $1 AND ($2::text IS NULL OR user_id = $2)', [name, userId]);
  return result.rowCount ?? 0;
}
