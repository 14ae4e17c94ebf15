import type { Queryable } from './queryable.js';

/**
 * Account deletion (server-behaviour §7.1 item 9: nothing left behind): the user's mail and push jobs in
 * the job outbox — the welcome mail's row keeps its id (`mail-welcome-<userId>`) after delivery, and a
 * mail not delivered yet keeps the address and the text (a code). Deleted in the erasure's
 * transaction; a copy already relayed to BullMQ finds no row and is delivered or dropped by the
 * worker, and BullMQ forgets it after its retention. Its push jobs (`PushJobData.userId`) go too.
 */
export async function deleteUserMailJobs(db: Queryable, userId: string, addresses: readonly string[]): Promise<number> {
  // The outbox belongs to the platform's migrations; a set-up without it (identity's own tests) has no jobs.
  const { rows } = await db.query<{ present: boolean }>(`SELECT to_regclass('job_outbox') IS NOT NULL AS present`);
  if (!rows[0]?.present) return 0;
  const { rowCount } = await db.query(
    `DELETE FROM job_outbox
      WHERE (queue = 'mail' AND (strpos(id, $1) > 0 OR lower(data->>'to') = ANY($2::text[])))
         OR (queue = 'push' AND (strpos(id, $1) > 0 OR data->>'userId' = $1))`,
    [userId, addresses.map((a) => a.toLowerCase())],
  );
  return rowCount ?? 0;
}
