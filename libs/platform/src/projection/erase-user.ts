import type { PoolClient } from '../postgres/pool.js';
import type { Projection } from './projection.js';
import { tableIdentifier } from './table-names.js';

/**
 * Deletes one user's rows from every read-model table (account deletion). Returns the number of
 * rows deleted. Order matters: first delete the user's events (`deleteUserStreams`), then wait
 * until the projector has passed the head position of that moment (`ProjectionWaiter.waitFor`),
 * then call this: events the projector had already read cannot then re-create rows afterwards.
 */
export async function eraseUserReadModels(
  client: Pick<PoolClient, 'query'>,
  projections: readonly Projection[],
  userId: string,
): Promise<number> {
  let deleted = 0;
  for (const table of new Set(projections.flatMap((p) => p.tables))) {
    const result = await client.query(`DELETE FROM ${tableIdentifier(table)} WHERE user_id = $1`, [userId]);
    deleted += result.rowCount ?? 0;
  }
  // Answers kept for retried writes (Idempotency-Key) may quote the user's data too.
  const { rows } = await client.query<{ present: boolean }>(`SELECT to_regclass('http_idempotency') IS NOT NULL AS present`);
  if (rows[0]?.present) deleted += (await client.query('DELETE FROM http_idempotency WHERE user_id = $1', [userId])).rowCount ?? 0;
  return deleted;
}
