import type { Queryable } from '../postgres/pool.js';
import { WrongExpectedRevisionError, type AppendResult, type ExpectedRevision, type NewEvent, type StoredEvent, type StreamAppend } from './port.js';

/**
 * Where an append's positions start (PostgresEventStore, "Ordering"): its transaction id shifted
 * left by 20 bits, so its events take base + 1, base + 2, … and positions follow transaction ids
 * with no lock. One transaction holds one append of at most `MAX_EVENTS_PER_APPEND` events. The
 * fence's offset (0 unless the log was restored into another cluster and re-fenced:
 * postgres-fence.ts) is added, a one-row table read in the same statement.
 */
const POSITION_BASE = '((SELECT f.position_offset FROM es_fence f) + (pg_current_xact_id()::text::bigint << 20))';
const MAX_EVENTS_PER_APPEND = 2 ** 20 - 1;

/**
 * One event, one statement, its fields as parameters (the common case; several events or streams
 * go through `APPEND_STREAMS_SQL`). If the stream is not at the expected revision ($3, null for
 * `any` and `no_stream`; $4 true for `any`), the EXISTS refuses the append; if it has moved past
 * it, the unique (stream_id, revision) index refuses the row.
 */
const APPEND_ONE_SQL = `
  INSERT INTO es_events (position, event_id, stream_id, revision, type, data, metadata, user_id)
  SELECT ${POSITION_BASE} + 1, $1::uuid, $2, r.revision, $5, $6::jsonb, $7::jsonb, $7::jsonb->>'userId'
    FROM (SELECT CASE WHEN $4::boolean THEN (SELECT coalesce(max(revision), -1) + 1 FROM es_events WHERE stream_id = $2)
                      ELSE coalesce($3::integer, -1) + 1 END AS revision) r
   WHERE $3::integer IS NULL OR EXISTS (SELECT 1 FROM es_events e WHERE e.stream_id = $2 AND e.revision = $3::integer)
  RETURNING revision, position`;

const STORED_SQL = 'SELECT stream_id, revision, position FROM es_events WHERE event_id = ANY($1::uuid[]) ORDER BY position';
const LAST_REVISION_SQL = 'SELECT max(revision) AS revision FROM es_events WHERE stream_id = $1';

/** Appends with `any` that lose a race on their stream try again, this many times at most. */
const MAX_ATTEMPTS = 100;

export interface AppendOutcome extends AppendResult {
  /** False for an idempotent retry: nothing was written, so there is nothing to announce. */
  written: boolean;
}


/**
 * Appends on `db`: a pool (autocommitted, the adapter's way) or a client inside a transaction it
 * has opened (tests that hold an append open): the transaction's only append. The common case is
 * one statement, one round trip. When it inserts nothing, or loses a race on its stream or on one
 * of its event ids to an append that commits meanwhile (unique_violation), a query or two more
 * tell an idempotent retry (answered as it was then) from a stale expected revision
 * (WrongExpectedRevisionError); an `any` that lost a race tries again.
 */
export async function appendEvents(
  db: Queryable,
  stream: string,
  events: readonly NewEvent[],
  expectedRevision: ExpectedRevision,
): Promise<AppendOutcome> {
  if (events.length === 0) throw new Error('append needs at least one event');
  const ids = events.map((e) => e.id);
  const expected = [stream, typeof expectedRevision === 'number' ? expectedRevision : null, expectedRevision === 'any'];
  const one = events.length === 1 ? events[0]! : null;
  const query = one
    ? { name: 'es-append-one', text: APPEND_ONE_SQL, values: [one.id, ...expected, one.type, JSON.stringify(one.data), JSON.stringify(one.metadata)] }
    : appendStreamsQuery([{ stream, events: [...events], expectedRevision }]).config;
  for (let attempt = 1; ; attempt++) {
    try {
      const { rows } = await db.query<{ revision: number; position: string }>(query);
      const last = rows.reduce<(typeof rows)[number] | undefined>((max, row) => (max && BigInt(max.position) > BigInt(row.position) ? max : row), undefined);
      if (last) return { nextRevision: last.revision, position: BigInt(last.position), written: true };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // A taken position is no race to settle: this transaction has appended already.
      if (error.constraint === 'es_events_pkey') throw new Error(`append to ${stream}: a transaction holds one append at most`, { cause: error });
    }
    const stored = await alreadyStored(db, stream, ids);
    if (stored) return { ...stored, written: false };
    if (expectedRevision !== 'any' || attempt >= MAX_ATTEMPTS) {
      const { rows } = await db.query<{ revision: number | null }>(LAST_REVISION_SQL, [stream]);
      throw new WrongExpectedRevisionError(stream, expectedRevision, rows[0]?.revision ?? 'no_stream');
    }
  }
}

/** The original result when every id is stored in this stream; null when none is; else an error. */
async function alreadyStored(db: Queryable, stream: string, ids: readonly string[]): Promise<AppendResult | null> {
  const { rows } = await db.query<{ stream_id: string; revision: number; position: string }>(STORED_SQL, [ids]);
  if (rows.length === 0) return null;
  const last = rows[rows.length - 1]!;
  if (rows.length !== new Set(ids).size || rows.some((row) => row.stream_id !== stream)) {
    throw new Error(`append to ${stream}: some of these event ids are already stored, not all of them in this stream`);
  }
  return { nextRevision: last.revision, position: BigInt(last.position) };
}

export function isUniqueViolation(error: unknown): error is Error & { code: string; constraint?: string } {
  return error instanceof Error && (error as { code?: unknown }).code === '23505';
}

/**
 * Several streams in one statement, inside the caller's transaction (its only append): $1 is every
 * event as one JSON array, in the order given, each with its stream, its stream's expected
 * revision (null for `no_stream` and `any`) and whether that is `any`. The events take the
 * revisions after each stream's last one and positions in the order given. If a stream is not
 * at its expected revision nothing is inserted (no row comes back); if one has moved on, or an
 * event id is stored already, the unique indexes refuse the statement, and with it the transaction.
 */
const appendStreamsSql = (locked: boolean) => `
  WITH ${locked ? LOCKS_CTE : ''} n AS (
    SELECT x.*, row_number() OVER (PARTITION BY x.stream ORDER BY x.ord) AS k
      FROM jsonb_to_recordset($1::jsonb) AS x(ord integer, stream text, expected integer, anyrev boolean, id uuid, type text, data jsonb, metadata jsonb)
  ),
  s AS (
    SELECT n.stream, bool_or(n.anyrev) AS anyrev, min(n.expected) AS expected,
           CASE WHEN bool_or(n.anyrev) THEN (SELECT max(e.revision) FROM es_events e WHERE e.stream_id = n.stream) ELSE min(n.expected) END AS last
      FROM n GROUP BY n.stream
  ),
  ok AS (
    SELECT coalesce(bool_and(s.anyrev OR s.expected IS NULL OR EXISTS (SELECT 1 FROM es_events e WHERE e.stream_id = s.stream AND e.revision = s.expected)), true) AS ok
      FROM s
  ),
  taken AS MATERIALIZED (
    SELECT ${locked ? `CASE WHEN pg_current_xact_id_if_assigned() IS NULL THEN ${POSITION_BASE} END` : POSITION_BASE} AS base
      FROM ok ${locked ? 'CROSS JOIN lk' : ''} WHERE ok.ok
  )
  ${locked ? ', ins AS (' : ''}
  INSERT INTO es_events (position, event_id, stream_id, revision, type, data, metadata, user_id)
  SELECT t.base + n.ord, n.id, n.stream, coalesce(s.last, -1) + n.k::integer, n.type, n.data, n.metadata, n.metadata->>'userId'
    FROM taken t CROSS JOIN n JOIN s ON s.stream = n.stream
   ORDER BY n.ord
  RETURNING event_id, revision, position${locked ? ', user_id' : ''}${locked ? `),
  -- The inline projection applies these events in this transaction: each user's partition of the
  -- projector's checkpoint ($6) moves past them, so a projector started later (PROJECTION=async)
  -- skips what is applied already, exactly as it skips its own retried batches. With the projector
  -- ($6 null) nothing moves here.
  claimed AS (
    INSERT INTO projector_user_positions (name, user_id, position)
    SELECT $6, i.user_id, max(i.position) FROM ins i WHERE $6::text IS NOT NULL GROUP BY i.user_id
    ON CONFLICT (name, user_id) DO UPDATE SET position = greatest(projector_user_positions.position, EXCLUDED.position)
  )
  SELECT event_id, revision, position FROM ins` : ''}`;

/**
 * Transaction-scoped advisory locks an append takes before it takes its positions, in the same
 * statement (one round trip fewer than a statement of their own): `shared` (class, key) in shared
 * mode, then (`perKey.class`, hashtext(key)) for each key, in key order. Two appends holding one
 * key thus take their transaction ids, and so their positions, in the order they run (the inline
 * projection applies a user's events in log order). That holds only if the transaction had no id
 * before the locks: a locked append in a transaction that has written already is refused.
 */
export interface AppendLocks {
  shared: readonly [number, number];
  perKey: { class: number; keys: readonly string[] };
  /**
   * The projector checkpoint whose per-user positions the append moves past its events (the inline
   * projection's); null with asynchronous projection, where the projector moves them.
   */
  claimsCheckpoint: string | null;
}

/**
 * $2…$5 of the locking statement. The sorted keys are read through an OFFSET 0 fence, so the locks
 * are taken in key order (two appends locking the same keys never deadlock); `taken` reads this
 * row, so the locks are held before any row is written.
 */
const LOCKS_CTE = `lk AS MATERIALIZED (
    SELECT pg_advisory_xact_lock_shared($2, $3) AS shared,
           (SELECT count(pg_advisory_xact_lock($4, hashtext(o.k))) FROM (SELECT k FROM unnest($5::text[]) AS k ORDER BY k OFFSET 0) o) AS locked
  ),`;

const APPEND_STREAMS_SQL = appendStreamsSql(false);
const APPEND_STREAMS_LOCKED_SQL = appendStreamsSql(true);

/** The statement appending `appends` in the order given, and how many events it holds. */
function appendStreamsQuery(appends: readonly StreamAppend[], locks?: AppendLocks) {
  const input = appends.flatMap(({ stream, events, expectedRevision }) =>
    events.map(({ id, type, data, metadata }) => ({
      stream, id, type, data, metadata,
      expected: typeof expectedRevision === 'number' ? expectedRevision : null,
      anyrev: expectedRevision === 'any',
    })),
  );
  if (input.length === 0) throw new Error('append needs at least one event');
  if (input.length > MAX_EVENTS_PER_APPEND) throw new Error(`an append holds ${MAX_EVENTS_PER_APPEND} events at most, not ${input.length}`);
  const events = JSON.stringify(input.map((event, i) => ({ ord: i + 1, ...event })));
  const config = locks
    ? { name: 'es-append-streams-locked', text: APPEND_STREAMS_LOCKED_SQL, values: [events, locks.shared[0], locks.shared[1], locks.perKey.class, [...locks.perKey.keys], locks.claimsCheckpoint] }
    : { name: 'es-append-streams', text: APPEND_STREAMS_SQL, values: [events] };
  return { config, count: input.length };
}

/** An append inside a transaction that was refused: the transaction is to be rolled back and the cause found. */
export class AppendRefused extends Error {
  override readonly name = 'AppendRefused';
}

/**
 * Appends to several streams inside the caller's transaction and returns every event as stored,
 * in the order given, taking `locks` first when given. Throws `AppendRefused` (or the unique violation) when a stream is not where
 * its append expects it or an event id is taken: the caller rolls back, then `explainRefusal`.
 */
export async function appendInTransaction(client: Queryable, appends: readonly StreamAppend[], locks?: AppendLocks): Promise<StoredEvent[]> {
  const query = appendStreamsQuery(appends, locks);
  const { rows } = await client.query<{ event_id: string; revision: number; position: string }>(query.config).catch((error: unknown) => {
    // The locked statement leaves the positions null when the transaction took its id before the locks.
    if (error instanceof Error && (error as { code?: unknown }).code === '23502' && (error as { column?: unknown }).column === 'position') {
      throw new Error('a locked append must be the first write of its transaction', { cause: error });
    }
    throw error;
  });
  if (rows.length !== query.count) throw new AppendRefused('a stream was not at its expected revision');
  const stored = new Map(rows.map((row) => [row.event_id, row]));
  return appends.flatMap(({ stream, events }) =>
    events.map((event) => {
      const row = stored.get(event.id)!;
      return { ...event, streamId: stream, revision: row.revision, position: BigInt(row.position) };
    }),
  );
}

/** The result of each append when every event of them is stored already (a retry), else null. */
export async function storedAppends(db: Queryable, appends: readonly StreamAppend[]): Promise<AppendResult[] | null> {
  const results: AppendResult[] = [];
  for (const { stream, events } of appends) {
    const stored = await alreadyStored(db, stream, events.map((e) => e.id));
    if (!stored) return null;
    results.push(stored);
  }
  return results;
}

/**
 * Why appends refused in a transaction were refused, asked again outside it: every event stored
 * already (a retry that raced the first: its results), a stream moved under an `any` append
 * ('retry'), or a stale expected revision (WrongExpectedRevisionError).
 */
export async function explainRefusal(db: Queryable, appends: readonly StreamAppend[]): Promise<AppendResult[] | 'retry'> {
  const stored = await storedAppends(db, appends);
  if (stored) return stored;
  for (const { stream, expectedRevision } of appends) {
    const { rows } = await db.query<{ revision: number | null }>(LAST_REVISION_SQL, [stream]);
    const actual = rows[0]?.revision ?? null;
    if (expectedRevision === 'any') continue;
    if (expectedRevision === 'no_stream' ? actual !== null : actual !== expectedRevision) {
      throw new WrongExpectedRevisionError(stream, expectedRevision, actual ?? 'no_stream');
    }
  }
  return 'retry';
}
