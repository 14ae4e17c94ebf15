import type pg from 'pg';
import { WrongExpectedRevisionError, type AppendResult, type ExpectedRevision, type NewEvent } from './port.js';

/**
 * One append, one statement. `last` is the revision the stream must be at: the expected one, the
 * current one for `any`, none for `no_stream`; the events take the revisions after it. If the
 * stream never reached it, the EXISTS refuses the append: nothing is inserted and no position is
 * drawn. Otherwise `es_take_positions` (postgres-event-store.migrations.ts) takes the transaction
 * id and the positions, and the rows go in; if the stream has moved past `last`, the unique
 * (stream_id, revision) index refuses them (after waiting for an append in flight on the same
 * stream). $1: the events as one JSON array (one document to encode and parse, rather than four
 * arrays of escaped strings); $3: the expected revision, null for `any` and `no_stream`; $4: true
 * for `any`.
 */
const APPEND_SQL = `
  WITH last AS (
    SELECT CASE WHEN $4::boolean THEN (SELECT max(revision) FROM es_events WHERE stream_id = $2) ELSE $3::integer END AS revision
  ),
  taken AS MATERIALIZED (
    SELECT l.revision, es_take_positions(jsonb_array_length($1::jsonb)) AS positions
      FROM last l
     WHERE l.revision IS NULL OR EXISTS (SELECT 1 FROM es_events e WHERE e.stream_id = $2 AND e.revision = l.revision)
  )
  INSERT INTO es_events (position, event_id, stream_id, revision, type, data, metadata, user_id)
  SELECT t.positions[n.ord], n.id, $2, coalesce(t.revision, -1) + n.ord::integer, n.type, n.data, n.metadata, n.metadata->>'userId'
    FROM taken t
   CROSS JOIN ROWS FROM (jsonb_to_recordset($1::jsonb) AS (id uuid, type text, data jsonb, metadata jsonb))
        WITH ORDINALITY AS n(id, type, data, metadata, ord)
   ORDER BY n.ord
  RETURNING revision, position`;

/** The same for the common case of one event: its fields as parameters, no array to unpack. */
const APPEND_ONE_SQL = `
  INSERT INTO es_events (position, event_id, stream_id, revision, type, data, metadata, user_id)
  SELECT (es_take_positions(1))[1], $1::uuid, $2, r.revision, $5, $6::jsonb, $7::jsonb, $7::jsonb->>'userId'
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

type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * Appends on `db`: a pool (autocommitted, the adapter's way) or a client inside a transaction it
 * has just opened (tests that hold an append open): the append must be the transaction's first
 * write. The common case is one statement, one round trip. When it inserts nothing, or loses a race
 * on its stream or on one of its event ids to an append that commits meanwhile (unique_violation),
 * a query or two more tell an idempotent retry (answered as it was then) from a stale expected
 * revision (WrongExpectedRevisionError); an `any` that lost a race tries again.
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
    : { name: 'es-append', text: APPEND_SQL, values: [JSON.stringify(events.map(({ id, type, data, metadata }) => ({ id, type, data, metadata }))), ...expected] };
  for (let attempt = 1; ; attempt++) {
    try {
      const { rows } = await db.query<{ revision: number; position: string }>(query);
      const last = rows[rows.length - 1];
      if (last) return { nextRevision: last.revision, position: BigInt(last.position), written: true };
    } catch (error) {
      // A taken position is no race to settle: a row was written around the sequence.
      if (!isUniqueViolation(error) || error.constraint === 'es_events_pkey') throw error;
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

function isUniqueViolation(error: unknown): error is Error & { code: string; constraint?: string } {
  return error instanceof Error && (error as { code?: unknown }).code === '23505';
}
