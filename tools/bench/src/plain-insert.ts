import type { Pool } from '@budget/platform';
import { benchEvent } from './bench-event.js';
import type { AppendOne } from './run-writers.js';

/**
 * The same columns and indexes as `es_events` (postgres-event-store.migrations.ts), so both paths
 * write the same row into the same indexes: the `transaction_id` column each row now carries
 * included (without it the baseline would write less than the port must). Positions come from a
 * sequence here, from the transaction id in the port; either is one expression per row.
 */
const CREATE_PLAIN_TABLE = `
  CREATE TABLE IF NOT EXISTS bench_plain_events (
    position       bigserial PRIMARY KEY,
    event_id       uuid NOT NULL UNIQUE,
    stream_id      text NOT NULL,
    revision       integer NOT NULL,
    type           text NOT NULL,
    data           jsonb NOT NULL,
    metadata       jsonb NOT NULL,
    user_id        text NOT NULL,
    transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
    UNIQUE (stream_id, revision)
  );
  CREATE INDEX IF NOT EXISTS bench_plain_events_user_id ON bench_plain_events (user_id);`;

const INSERT = `
  INSERT INTO bench_plain_events (event_id, stream_id, revision, type, data, metadata, user_id)
  VALUES ($1, $2, $3, $4, $5, $6, $7)`;

export async function createPlainTable(pool: Pool): Promise<void> {
  await pool.query(CREATE_PLAIN_TABLE);
}

/** One autocommitted, parameterised INSERT per event: no lock, no checks, no notification. */
export function plainInsert(pool: Pool, runId: string): AppendOne {
  return async (writer, seq) => {
    const event = benchEvent(writer, seq);
    await pool.query(INSERT, [
      event.id,
      `bench-${runId}-${writer}`,
      seq,
      event.type,
      JSON.stringify(event.data),
      JSON.stringify(event.metadata),
      event.metadata.userId,
    ]);
  };
}
