import type { PoolClient } from '../postgres/pool.js';
import type { Projection } from './projection.js';
import { tableIdentifier } from './table-names.js';

/**
 * Deletes one user's rows from every read-model table (account deletion). Returns the number of
 * rows deleted. Order matters: first delete the user's events (`deleteUserStreams`), then wait
 * until the projector has passed the head position of that moment (`ProjectionWaiter.waitFor`,
 * on the global checkpoint: a wait on the user's partition would never see it pass a head that is
 * another user's event), then call this: events the projector had already read cannot then
 * re-create rows afterwards.
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
  deleted += await deleteUserRowsIfPresent(client, 'http_idempotency', userId);
  // The projector's position for the user: its events are gone and the projector has passed them,
  // and the global checkpoint covers them should a lagging projector still hold some.
  deleted += await deleteUserRowsIfPresent(client, 'projector_user_positions', userId);
  // A quarantine of the user's partition: the event it names is gone.
  deleted += await deleteUserRowsIfPresent(client, 'projector_quarantine', userId);
  return deleted;
}

/** Tables that exist only in some set-ups (the API's, the projector's), with the statement erasing a user from each. */
const OPTIONAL_USER_TABLES = {
  http_idempotency: 'DELETE FROM http_idempotency WHERE user_id = $1',
  projector_user_positions: 'DELETE FROM projector_user_positions WHERE user_id = $1',
  projector_quarantine: 'DELETE FROM projector_quarantine WHERE user_id = $1',
} as const;

async function deleteUserRowsIfPresent(client: Pick<PoolClient, 'query'>, table: keyof typeof OPTIONAL_USER_TABLES, userId: string): Promise<number> {
  const { rows } = await client.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [table]);
  if (!rows[0]?.present) return 0;
  return (await client.query(OPTIONAL_USER_TABLES[table], [userId])).rowCount ?? 0;
}
