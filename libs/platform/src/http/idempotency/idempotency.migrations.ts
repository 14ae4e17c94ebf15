import type { Migration } from '../../postgres/migrate.js';

/** Answers kept per (user, Idempotency-Key) so a retried write answers again instead of writing again. */
export const idempotencyMigrations: Migration[] = [
  {
    id: 'http-idempotency-1',
    sql: `
      CREATE TABLE IF NOT EXISTS http_idempotency (
        user_id text NOT NULL,
        key text NOT NULL,
        request_hash text NOT NULL,
        state text NOT NULL CHECK (state IN ('running', 'done')),
        status integer,
        body text,
        started_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, key)
      );
      CREATE INDEX IF NOT EXISTS http_idempotency_started ON http_idempotency (started_at);
    `,
  },
  {
    // Kept answers are a shortcut, not what keeps money from doubling: inside a keyed request every
    // event id is derived from (user, key), so a retry the table forgot (a server crash empties an
    // unlogged table) runs again and the event store ignores the events it already holds. So the
    // table is not written to the WAL and its writes do not wait for a disk flush on commit.
    id: 'http-idempotency-2-unlogged',
    sql: `ALTER TABLE http_idempotency SET UNLOGGED;`,
  },
  {
    // A key answered 202 is kept as 'pending' with its position (a retry answers 202 with that
    // position until the read models pass it, then replays the request: docs/architecture.md §6.2);
    // keys are stored as a hash and answers encrypted with a key derived from the raw Idempotency-Key
    // (see idempotency.store.ts). Rows written the old way cannot be read the new way: the table is
    // emptied, as a crash would empty it, and their retries replay from the event store.
    id: 'http-idempotency-3-pending-sealed',
    sql: `
      TRUNCATE http_idempotency;
      ALTER TABLE http_idempotency DROP CONSTRAINT IF EXISTS http_idempotency_state_check;
      ALTER TABLE http_idempotency ADD CONSTRAINT http_idempotency_state_check CHECK (state IN ('running', 'pending', 'done'));
      ALTER TABLE http_idempotency ADD COLUMN IF NOT EXISTS position bigint;
    `,
  },
  {
    // The API process that runs a key's request: its holder session (`pg_backend_pid()@backend_start`
    // of a connection it keeps open). A retry takes a running key over as soon as that session is
    // gone (the process crashed), not only after STALE_AFTER_MS (see idempotency.store.ts).
    id: 'http-idempotency-4-holder',
    sql: `ALTER TABLE http_idempotency ADD COLUMN IF NOT EXISTS holder text;`,
  },
];
