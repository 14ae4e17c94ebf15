import type { Pool } from '../postgres/pool.js';
import { withTransaction } from '../postgres/pool.js';

/**
 * The log's fence (PostgresEventStore, "Ordering"; docs/architecture.md §3). Positions are made
 * from transaction ids: (offset + (id << 20)) + n. Transaction ids belong to a cluster, so a log
 * restored from a dump into a freshly initialised cluster, or moved into a new one by logical
 * replication, finds itself AHEAD of the cluster: new appends would take positions below the
 * restored ones (and below every checkpoint), and readers would take the restored rows for
 * transactions still in flight and stop at them. The store refuses to start on such a log
 * (`assertLogFenced`) and the operator re-fences it once (`refenceLog`, `npm run refence-log`).
 */
export class LogNotFencedError extends Error {
  override readonly name = 'LogNotFencedError';
  constructor(readonly head: bigint, readonly nextBase: bigint) {
    super(
      `The event log is ahead of this PostgreSQL cluster: its newest position ${head} is beyond the positions new ` +
        `transactions would take (${nextBase}). The database was restored from a dump or moved into another cluster. ` +
        'Stop every service and run `npm run refence-log` once (node services/projector/dist/refence.js with DATABASE_URL set); ' +
        'it changes no event and no position.',
    );
  }
}

/** Throws `LogNotFencedError` when the newest position is not below what the next transaction would take. */
export async function assertLogFenced(pool: Pool): Promise<void> {
  const { rows } = await pool.query<{ head: string; next_base: string }>(
    `SELECT coalesce((SELECT max(position) FROM es_events), 0)::text AS head,
            ((SELECT position_offset FROM es_fence) + (pg_current_xact_id()::text::bigint << 20))::text AS next_base`,
  );
  const head = BigInt(rows[0]!.head);
  const nextBase = BigInt(rows[0]!.next_base);
  if (head >= nextBase) throw new LogNotFencedError(head, nextBase);
}

export interface RefenceResult {
  /** Rows whose transaction id belonged to the old cluster (now marked committed long ago). */
  rowsSettled: number;
  /** The offset now added to every new position. */
  positionOffset: bigint;
}

/**
 * Re-fences a restored log, in one transaction with the log locked against appends: every row
 * whose transaction id this cluster has not reached yet (all of them committed in the old cluster)
 * gets transaction id 1, below any horizon, so readers hand it out; and the fence's offset becomes
 * large enough that the next transaction's positions follow the newest stored one. No event, no
 * position and no checkpoint changes. Safe to run again: with nothing ahead it changes nothing.
 */
export async function refenceLog(pool: Pool): Promise<RefenceResult> {
  return withTransaction(pool, async (client) => {
    await client.query('LOCK TABLE es_events IN EXCLUSIVE MODE');
    const settled = await client.query(
      `UPDATE es_events SET transaction_id = '1'::xid8 WHERE transaction_id >= pg_current_xact_id()`,
    );
    const { rows } = await client.query<{ position_offset: string }>(
      `UPDATE es_fence SET
         position_offset = greatest(position_offset, coalesce((SELECT max(position) FROM es_events), 0) - (pg_current_xact_id()::text::bigint << 20)),
         fenced_at = now()
       RETURNING position_offset::text`,
    );
    return { rowsSettled: settled.rowCount ?? 0, positionOffset: BigInt(rows[0]!.position_offset) };
  });
}
