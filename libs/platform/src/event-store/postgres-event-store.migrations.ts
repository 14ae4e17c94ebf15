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
  {
    // One round trip per append: the advisory lock is held only while this function runs and its
    // transaction commits, never across network round trips (see PostgresEventStore, "Ordering").
    id: 'platform-002-es-append-function',
    sql: `
      CREATE OR REPLACE FUNCTION es_append(
        p_ids uuid[], p_stream text, p_expected text, p_types text[], p_data jsonb[], p_metadata jsonb[]
      ) RETURNS TABLE (outcome text, revision integer, "position" bigint)
      LANGUAGE plpgsql VOLATILE AS $fn$
      #variable_conflict use_column
      DECLARE
        v_current integer;
        v_existing integer;
        v_elsewhere boolean;
        v_revision integer;
        v_position bigint;
      BEGIN
        -- Serialises appends: positions are handed out and committed in the same order.
        PERFORM pg_advisory_xact_lock(727100);

        SELECT count(*), coalesce(bool_or(e.stream_id <> p_stream), false)
          INTO v_existing, v_elsewhere
          FROM es_events e WHERE e.event_id = ANY(p_ids);
        IF v_existing = cardinality(p_ids) AND NOT v_elsewhere THEN
          RETURN QUERY SELECT 'duplicate'::text, e.revision, e.position
            FROM es_events e WHERE e.event_id = ANY(p_ids) ORDER BY e.position DESC LIMIT 1;
          RETURN;
        END IF;
        IF v_existing > 0 THEN
          RAISE EXCEPTION 'append to %: some of these event ids are already stored, not all of them in this stream', p_stream
            USING ERRCODE = 'unique_violation';
        END IF;

        SELECT max(e.revision) INTO v_current FROM es_events e WHERE e.stream_id = p_stream;
        -- p_expected is 'any', 'no_stream' or a revision in decimal; compared as text, never cast.
        IF (CASE p_expected
              WHEN 'any' THEN false
              WHEN 'no_stream' THEN v_current IS NOT NULL
              ELSE v_current::text IS DISTINCT FROM p_expected
            END) THEN
          RETURN QUERY SELECT 'conflict'::text, v_current, NULL::bigint;
          RETURN;
        END IF;

        WITH inserted AS (
          INSERT INTO es_events (event_id, stream_id, revision, type, data, metadata, user_id)
          SELECT n.id, p_stream, coalesce(v_current, -1) + n.ord::integer, n.type, n.data, n.metadata, n.metadata->>'userId'
            FROM unnest(p_ids, p_types, p_data, p_metadata) WITH ORDINALITY AS n(id, type, data, metadata, ord)
           ORDER BY n.ord
          RETURNING es_events.revision, es_events.position
        )
        SELECT max(i.revision), max(i.position) INTO v_revision, v_position FROM inserted i;
        -- Delivered when the transaction commits.
        PERFORM pg_notify('es_events', v_position::text);
        RETURN QUERY SELECT 'appended'::text, v_revision, v_position;
      END
      $fn$;
    `,
  },
];
