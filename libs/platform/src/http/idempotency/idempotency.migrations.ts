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
];
