import type { StoredEvent } from './port.js';

/** One `es_events` row as `pg` returns it (bigint positions arrive as strings). */
export interface EventRow {
  position: string;
  event_id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: StoredEvent['metadata'];
}

/** A row of the global log with whether readers may hand it out yet (see `READ_ALL_SQL`). */
export interface LogRow extends EventRow {
  settled: boolean;
}

export const SELECT_COLUMNS = 'position, event_id, stream_id, revision, type, data, metadata';

/**
 * What a transaction that never appends adds to its session's `application_name` for its own
 * duration (`DECLARE_NO_APPEND`): the service's name stays in front (cut to fit PostgreSQL's 63
 * bytes), so an operator still sees which process it is. It is how readers tell it (`HORIZON`):
 * the name is in the same activity row as the transaction's id, which they read already.
 */
export const NO_APPEND_MARK = ' [never appends]';

/**
 * The horizon: `pg_snapshot_xmin(pg_current_snapshot())`, the oldest transaction still in flight
 * as this statement sees it, except that transactions running in other databases of the cluster
 * are left out. They cannot write these events, and counting them would let one long transaction
 * anywhere (another app's, another test's database, a rebuild next door) stall every reader here.
 * So: the least of the snapshot's xmax and its in-flight ids, minus the ids that
 * `pg_stat_get_activity` shows in another database (an id that ended since the snapshot is not
 * shown, and counts, which is only cautious). Transactions of this database that declared they
 * never append (`DECLARE_NO_APPEND_SQL`: a per-user rebuild, which replays one user's events for
 * many seconds) are left out too, by the name their activity row shows, so a long rebuild holds up
 * no reader of the log. One scan of the activity array, and no read of the lock table (`pg_locks`
 * takes every lock partition, which each append needs too). A transaction of this database that
 * has not committed yet, or starts later, has an id at or above it, unless it declared it never
 * appends.
 */
const HORIZON = `(
  SELECT least(pg_snapshot_xmax(s.snap), (
           SELECT min(x) FROM pg_snapshot_xip(s.snap) AS x
            WHERE x::text::bigint % 4294967296 NOT IN (
              SELECT a.backend_xid::text::bigint FROM pg_stat_get_activity(NULL) AS a
               WHERE a.backend_xid IS NOT NULL
                 AND (a.datid <> (SELECT oid FROM pg_database WHERE datname = current_database())
                      OR a.application_name LIKE '%${NO_APPEND_MARK}'))))
    FROM (SELECT pg_current_snapshot() AS snap) s)`;

/**
 * Declares that the current transaction never appends to the log, so that readers need not wait
 * for it (`HORIZON`): an expression, to be selected in the transaction's first statement. It marks
 * its session's name with `NO_APPEND_MARK` until it ends (`SET LOCAL`:
 * the name reverts at commit or rollback, after the transaction's id is gone from the in-flight
 * list, and before the connection's next transaction can take an id). A transaction that declared
 * this and then appended could have its events passed by a reader: only code that writes read
 * models and nothing else (the per-user rebuild, the projector's batches) may call it.
 */
export const DECLARE_NO_APPEND = `set_config('application_name', left(current_setting('application_name'), 40) || '${NO_APPEND_MARK}', true)`;
/** `DECLARE_NO_APPEND` as a statement of its own (`set_config(…, true)` is `SET LOCAL`). */
export const DECLARE_NO_APPEND_SQL = `SELECT ${DECLARE_NO_APPEND}`;

/**
 * Whether readers may hand a row out: its transaction is below the horizon. Positions follow
 * transaction ids (they are made from them: `POSITION_BASE` in postgres-append.ts), so every row
 * that can still commit has a later position than every row settled. (The horizon is an uncorrelated subquery: computed once per statement.)
 */
export const SETTLED = `e.transaction_id < ${HORIZON}`;

/**
 * The page query every global reader uses: exclusive lower bound, global order. It returns the
 * committed rows after the cursor, each marked `settled` or not; readers hand out only the leading
 * run of settled rows (`readablePrefix`), so they also stop at a committed row that is not settled
 * yet instead of passing it.
 */
export const READ_ALL_SQL = `
  SELECT ${SELECT_COLUMNS}, ${SETTLED} AS settled
    FROM es_events e
   WHERE e.position > $1
   ORDER BY e.position
   LIMIT $2`;

/**
 * The head every reader can already read (`readable`: a backward scan of the primary key that
 * skips the few rows at the tail not settled yet), and the newest committed position, readable yet
 * or not (`committed`).
 */
export const HEAD_SQL = `
  SELECT (SELECT e.position FROM es_events e WHERE ${SETTLED} ORDER BY e.position DESC LIMIT 1) AS readable,
         (SELECT max(position) FROM es_events) AS committed`;

export interface ReadablePage {
  events: StoredEvent[];
  /** Committed rows of this page that readers may not hand out yet (their transaction is too new). */
  heldBack: LogRow[];
}

/** Splits a page from `READ_ALL_SQL` at its first unsettled row. */
export function readablePrefix(rows: readonly LogRow[]): ReadablePage {
  const cut = rows.findIndex((row) => !row.settled);
  if (cut === -1) return { events: rows.map(toStored), heldBack: [] };
  return { events: rows.slice(0, cut).map(toStored), heldBack: rows.slice(cut) };
}

export function toStored(row: EventRow): StoredEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    revision: row.revision,
    position: BigInt(row.position),
    type: row.type,
    data: row.data,
    metadata: row.metadata,
  };
}
