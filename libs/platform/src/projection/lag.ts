import type { Queryable } from '../postgres/pool.js';

export interface ProjectionLag {
  /** The global checkpoint (the low-water mark every partition has passed). */
  checkpoint: bigint;
  /** The newest position in the log. */
  head: bigint;
  /** Events not applied yet, counted per user partition (an event its user's partition has passed is applied). */
  lagEvents: number;
  /** How many users (partitions) have events not applied yet. */
  lagUsers: number;
  /** The most events one partition is behind. */
  maxPartitionLagEvents: number;
  /** When the oldest event not applied yet was recorded (null: nothing lags). */
  oldestRecordedAt: Date | null;
}

/**
 * The projector's lag from the log and its checkpoints (docs/architecture.md §4): only the events
 * above the global checkpoint are looked at, and each counts only while its user's partition has
 * not passed it, so one user's burst shows as that user's events behind, not as everyone's.
 * Used by `/api/v1/health` and by the projector's metrics (with async projection only: inline,
 * every write is applied as it commits and nothing can lag).
 */
export async function readProjectionLag(db: Queryable, checkpointName: string): Promise<ProjectionLag> {
  const { rows } = await db.query<{ checkpoint: string; head: string; behind: string; users: string; most: string; oldest: string | null }>(
    `WITH c AS (SELECT coalesce((SELECT position FROM projector_checkpoint WHERE name = $1), 0) AS position),
     pending AS (
       SELECT e.position, e.user_id, e.metadata->>'recordedAt' AS recorded_at
         FROM c JOIN es_events e ON e.position > c.position
         LEFT JOIN projector_user_positions u ON u.name = $1 AND u.user_id = e.user_id
        WHERE e.position > coalesce(u.position, 0))
     SELECT c.position::text AS checkpoint,
            coalesce((SELECT max(position) FROM es_events), 0)::text AS head,
            (SELECT count(*) FROM pending)::text AS behind,
            (SELECT count(DISTINCT user_id) FROM pending)::text AS users,
            coalesce((SELECT max(n) FROM (SELECT count(*) AS n FROM pending GROUP BY user_id) p), 0)::text AS most,
            (SELECT recorded_at FROM pending ORDER BY position LIMIT 1) AS oldest
       FROM c`,
    [checkpointName],
  );
  const row = rows[0]!;
  return {
    checkpoint: BigInt(row.checkpoint),
    head: BigInt(row.head),
    lagEvents: Number(row.behind),
    lagUsers: Number(row.users),
    maxPartitionLagEvents: Number(row.most),
    oldestRecordedAt: row.oldest ? new Date(row.oldest) : null,
  };
}

/** The log's newest position: one index probe, what a health check with inline projection needs. */
export async function readHeadPosition(db: Queryable): Promise<bigint> {
  const { rows } = await db.query<{ head: string }>('SELECT coalesce(max(position), 0)::text AS head FROM es_events');
  return BigInt(rows[0]!.head);
}
