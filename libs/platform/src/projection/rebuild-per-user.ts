import pg from 'pg';
import { DECLARE_NO_APPEND_SQL, readablePrefix, SELECT_COLUMNS, SETTLED, type LogRow } from '../event-store/postgres-event-row.js';
import { withTransaction, type Pool, type PoolClient } from '../postgres/pool.js';
import { applyEvents, migrateProjections } from './apply-events.js';
import { DEFAULT_CHECKPOINT_NAME, lockUserPosition, saveUserPosition } from './checkpoint.js';
import { REBUILD_LOCK_CLASS, USER_WRITE_LOCK_CLASS } from './inline-projection-store.js';
import type { Projection } from './projection.js';
import { liftQuarantine } from './quarantine.js';
import { tableIdentifier } from './table-names.js';

/** One user's events after `after`, in log order, each marked settled or not (see `READ_ALL_SQL`). */
const USER_EVENTS_SQL = `
  SELECT ${SELECT_COLUMNS}, ${SETTLED} AS settled
    FROM es_events e
   WHERE e.user_id = $1 AND e.position > $2
   ORDER BY e.position
   LIMIT $3`;

export interface UserRebuildResult {
  userId: string;
  events: number;
  position: bigint;
}

/**
 * Rebuilds ONE user's read models (docs/architecture.md §4): replays the user's events into empty
 * copies of every read-model table, then makes the user's rows equal to them, in one transaction
 * that holds only that user's write lock — every other user reads and writes meanwhile, and the
 * user's own writes wait for a moment. Every read-model table carries `user_id` (as erasure relies
 * on too), so a user's rows depend on that user's events alone. A whole-log rebuild
 * (`rebuildReadModels`) takes the rebuild lock exclusively and so never runs at the same time. The
 * user's partition of the projector's checkpoint is moved to the last event replayed, under its
 * row lock: a projector batch of that user waits for the rebuild and then skips what it replayed.
 * Events not settled yet (an append of the user still in flight without the inline lock, with
 * async projection) are left to the projector: the replay stops before the first one. The
 * transaction declares it never appends (`DECLARE_NO_APPEND_SQL`), so the log's readers hand out
 * everyone else's events meanwhile.
 *
 * The copies are temporary tables of the same names (`shadowTables`), which PostgreSQL looks up
 * before the real ones, so the projections' own statements write them unchanged; they are never
 * logged, keep no search index, and are dropped at commit. Then each real table loses the user's
 * rows the replay did not make identically and gains the ones it lacks (`mergeShadow`): a rebuild
 * that finds a user's rows right rewrites none of them (no dead rows, no index or log writes). A
 * table with no row of the user is replayed into directly, as there is nothing to compare.
 */
export async function rebuildUserReadModels(options: { pool: Pool; projections: readonly Projection[]; userId: string; checkpointName?: string; pageSize?: number }): Promise<UserRebuildResult> {
  const { pool, projections, userId, checkpointName = DEFAULT_CHECKPOINT_NAME, pageSize = 1000 } = options;
  const tables = [...new Set(projections.flatMap((p) => p.tables))];
  return withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock_shared($1, 0), pg_advisory_xact_lock($2, hashtext($3))', [REBUILD_LOCK_CLASS, USER_WRITE_LOCK_CLASS, userId]);
    // It only writes read models, for many seconds on a long history: readers of the log (the
    // projector, the change feed) must not wait for it, or every user's events wait behind it.
    await client.query(DECLARE_NO_APPEND_SQL);
    await lockUserPosition(client, checkpointName, userId);
    const shadows = await shadowTables(client, tables, userId);
    let position = 0n;
    let events = 0;
    for (;;) {
      const { rows } = await client.query<LogRow>(USER_EVENTS_SQL, [userId, position.toString(), pageSize]);
      const { events: page, heldBack } = readablePrefix(rows);
      const last = page[page.length - 1];
      if (last) {
        await applyEvents(client, projections, page);
        position = last.position;
        events += page.length;
      }
      if (heldBack.length > 0 || rows.length < pageSize) break;
    }
    for (const shadow of shadows) await mergeShadow(client, shadow, userId);
    await saveUserPosition(client, checkpointName, userId, position);
    // It replayed every event of the user: a quarantine of the user's partition is lifted (or the rebuild fails whole).
    if (position > 0n) await liftQuarantine(client, checkpointName, userId, position);
    return { userId, events, position };
  });
}

/** A read-model table and its temporary copy: the real table's qualified name, its columns a row is written with (generated ones left out) and its primary key. */
interface ShadowTable {
  real: string;
  shadow: string;
  columns: string[];
  key: string[];
}

/** The tables' qualified names, written columns and primary keys, resolved before any copy exists (then an unqualified name means the copy). */
const DESCRIBE_TABLES_SQL = `
  SELECT t.name, format('%I.%I', n.nspname, c.relname) AS real,
         array_agg(a.attname::text ORDER BY a.attnum) FILTER (WHERE a.attgenerated = '') AS columns,
         COALESCE((SELECT array_agg(k.attname::text ORDER BY array_position(i.indkey::int2[], k.attnum))
                     FROM pg_index i JOIN pg_attribute k ON k.attrelid = i.indrelid AND k.attnum = ANY (i.indkey::int2[])
                    WHERE i.indrelid = c.oid AND i.indisprimary), '{}') AS key
    FROM unnest($1::text[]) AS t(name)
    JOIN pg_class c ON c.oid = to_regclass(t.name)
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
   GROUP BY t.name, n.nspname, c.relname, c.oid`;

/** The copies' indexes no projection reads by (search indexes: GIN, GiST), which would only slow the replay. */
const SHADOW_SEARCH_INDEXES_SQL = `
  SELECT format('%I.%I', n.nspname, ic.relname) AS index
    FROM unnest($1::text[]) AS t(name)
    JOIN pg_index i ON i.indrelid = format('pg_temp.%I', t.name)::regclass
    JOIN pg_class ic ON ic.oid = i.indexrelid
    JOIN pg_namespace n ON n.oid = ic.relnamespace
    JOIN pg_am am ON am.oid = ic.relam
   WHERE am.amname NOT IN ('btree', 'hash')`;

/**
 * Creates an empty temporary copy of each table that holds rows of the user (columns, defaults, constraints and the indexes the
 * projections' conflicts and lookups need), dropped at commit. PostgreSQL searches the session's
 * temporary schema before any other for a table name, so the projections' statements now reach the
 * copies; `DISCARD PLANS` makes the statements this connection has prepared already look their
 * tables up again (a plan keeps the table it was planned on). Once the copies are dropped at
 * commit, plans made on them are dropped too, and the names mean the real tables again.
 */
async function shadowTables(client: PoolClient, tables: readonly string[], userId: string): Promise<ShadowTable[]> {
  const { rows: described } = await client.query<{ name: string; real: string; columns: string[]; key: string[] }>(DESCRIBE_TABLES_SQL, [tables]);
  if (described.length !== tables.length) throw new Error(`read-model tables not found: ${tables.filter((t) => !described.some((r) => r.name === t)).join(', ')}`);
  // A table with none of the user's rows is replayed into directly: there is nothing to compare,
  // and an empty copy would only add a copy of every row (a new read model, or one emptied).
  const held = await Promise.all(
    described.map(async (row) => (await client.query<{ held: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${row.real} WHERE user_id = $1) AS held`, [userId])).rows[0]!.held),
  );
  const rows = described.filter((_, i) => held[i]);
  if (rows.length === 0) return [];
  const shadows = rows.map((row) => ({ real: row.real, shadow: `pg_temp.${tableIdentifier(row.name)}`, columns: row.columns.map((c) => pg.escapeIdentifier(c)), key: row.key.map((k) => pg.escapeIdentifier(k)) }));
  // Identifiers only (from the catalog, quoted), no values: one round trip for every copy.
  await client.query(shadows.map((s) => `CREATE TEMP TABLE ${s.shadow.slice('pg_temp.'.length)} (LIKE ${s.real} INCLUDING ALL) ON COMMIT DROP`).join('; '));
  const { rows: search } = await client.query<{ index: string }>(SHADOW_SEARCH_INDEXES_SQL, [rows.map((r) => r.name)]);
  if (search.length > 0) await client.query(`DROP INDEX ${search.map((s) => s.index).join(', ')}`);
  await client.query('DISCARD PLANS');
  return shadows;
}

/**
 * Makes the user's rows of one real table equal to its copy: deletes each row the copy does not
 * hold exactly (by primary key, every column compared, NULLs equal), then inserts each row of the
 * copy the table no longer has. A table without a primary key has the user's rows replaced whole.
 */
async function mergeShadow(client: PoolClient, { real, shadow, columns, key }: ShadowTable, userId: string): Promise<void> {
  const list = (alias: string) => columns.map((c) => `${alias}.${c}`).join(', ');
  const sameKey = key.map((k) => `s.${k} = p.${k}`).join(' AND ');
  if (key.length === 0) {
    await client.query(`DELETE FROM ${real} WHERE user_id = $1`, [userId]);
    await client.query(`INSERT INTO ${real} (${columns.join(', ')}) SELECT ${list('s')} FROM ${shadow} s`);
    return;
  }
  await client.query(
    `DELETE FROM ${real} p WHERE p.user_id = $1
        AND NOT EXISTS (SELECT 1 FROM ${shadow} s WHERE ${sameKey} AND (${list('s')}) IS NOT DISTINCT FROM (${list('p')}))`,
    [userId],
  );
  await client.query(
    `INSERT INTO ${real} (${columns.join(', ')})
     SELECT ${list('s')} FROM ${shadow} s WHERE NOT EXISTS (SELECT 1 FROM ${real} p WHERE p.user_id = $1 AND ${sameKey})`,
    [userId],
  );
}

/**
 * `npm run rebuild-read-models`: every user's read models rebuilt one user at a time
 * (`rebuildUserReadModels`), so no write of anyone else ever waits for the rebuild. Users with
 * events are found in the log; rows of users with no event left (erased) are removed.
 */
export async function rebuildReadModelsPerUser(options: {
  pool: Pool;
  projections: readonly Projection[];
  checkpointName?: string;
  /**
   * Users rebuilt at once (default 1), each in its own transaction on its own connection: users
   * share no row and no lock, and a rebuild holds no reader of the log back (`DECLARE_NO_APPEND_SQL`),
   * so the only limit is the machine (one PostgreSQL backend works one core).
   */
  concurrency?: number;
  onUser?: (result: UserRebuildResult, done: number, total: number) => void;
}): Promise<{ users: number; events: number }> {
  const { pool, projections } = options;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  await migrateProjections(pool, projections);
  const { rows } = await pool.query<{ user_id: string }>('SELECT DISTINCT user_id FROM es_events ORDER BY user_id');
  let events = 0;
  let done = 0;
  let next = 0;
  const lane = async () => {
    while (next < rows.length) {
      const userId = rows[next++]!.user_id;
      const result = await rebuildUserReadModels({ pool, projections, userId, ...(options.checkpointName ? { checkpointName: options.checkpointName } : {}) });
      events += result.events;
      done += 1;
      options.onUser?.(result, done, rows.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, rows.length)) }, lane));
  await withTransaction(pool, (client) => removeRowsOfUsersWithoutEvents(client, projections));
  return { users: rows.length, events };
}

async function removeRowsOfUsersWithoutEvents(client: PoolClient, projections: readonly Projection[]): Promise<void> {
  for (const table of new Set(projections.flatMap((p) => p.tables))) {
    await client.query(`DELETE FROM ${tableIdentifier(table)} t WHERE NOT EXISTS (SELECT 1 FROM es_events e WHERE e.user_id = t.user_id::text)`);
  }
}
