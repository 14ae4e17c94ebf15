import type { Migration } from '../postgres/migrate.js';

export const eventStoreMigrations: Migration[] = [
  {
    id: 'platform-001-events',
    sql: `
      CREATE TABLE IF NOT EXISTS es_events (
        position  bigserial PRIMARY KEY,
        event_id  uuid NOT NULL UNIQUE,
        stream_id text NOT NULL,
        revision  integer NOT NULL,
        type      text NOT NULL,
        data      jsonb NOT NULL,
        metadata  jsonb NOT NULL,
        user_id   text NOT NULL,
        UNIQUE (stream_id, revision)
      );
      CREATE INDEX IF NOT EXISTS es_events_user_id ON es_events (user_id);
    `,
  },
];
