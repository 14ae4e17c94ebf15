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
    // One round trip per append, every append serialised by a transaction-scoped advisory lock.
    // Superseded: platform-003 drops this function (see PostgresEventStore, "Ordering").
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
  {
    // Appends to different streams commit in parallel (PostgresEventStore, "Ordering"). ADD COLUMN
    // with a volatile default rewrites the table and backfills every existing row with this
    // migration's own transaction id: those rows committed long ago, and are readable as soon as
    // this migration commits. The append is one INSERT from the adapter now (postgres-append.ts);
    // the old es_append, which serialised every append, goes.
    id: 'platform-003-es-transaction-order',
    sql: `
      ALTER TABLE es_events ADD COLUMN IF NOT EXISTS transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id();
      -- Positions in the order they are drawn, whichever session draws them (the default, stated).
      ALTER SEQUENCE es_events_position_seq CACHE 1;
      DROP FUNCTION IF EXISTS es_append(uuid[], text, text, text[], jsonb[], jsonb[]);

      -- Takes the calling transaction's id and draws p_count positions, both under one advisory
      -- lock held for these two steps only (never until commit): positions then follow
      -- transaction ids, which readers rely on. An id taken earlier (another write, or an earlier
      -- append, in the same transaction) could be older than positions drawn since: refused.
      CREATE OR REPLACE FUNCTION es_take_positions(p_count integer) RETURNS bigint[]
      LANGUAGE plpgsql VOLATILE AS $fn$
      DECLARE
        v_positions bigint[] := '{}';
        v_xid xid8;
        v_done boolean;
      BEGIN
        IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
          RAISE EXCEPTION 'an append must be the first write of its transaction, and the only append in it'
            USING ERRCODE = 'invalid_transaction_state';
        END IF;
        -- Session-level, so it can be released at once; the handler releases it on any error or
        -- cancel in between. Plain assignments: PL/pgSQL evaluates them in order, without a query.
        BEGIN
          v_done := pg_advisory_lock(727100) IS NULL;
          v_xid := pg_current_xact_id();
          FOR i IN 1..p_count LOOP
            v_positions[i] := nextval('es_events_position_seq');
          END LOOP;
          v_done := pg_advisory_unlock(727100);
        EXCEPTION WHEN OTHERS OR query_canceled THEN
          v_done := pg_advisory_unlock(727100);
          RAISE;
        END;
        RETURN v_positions;
      END
      $fn$;
    `,
  },
  {
    // Positions from transaction ids (PostgresEventStore, "Ordering"): an append's events take
    // (its transaction id << 20) + 1, + 2, …, so positions follow transaction ids without any lock
    // and appends to different streams no longer queue for one. The rows written so far keep their
    // positions; every transaction from now on has a larger id than this migration's, so its
    // positions come after theirs (checked, in case a log ever held more rows than that allows).
    id: 'platform-004-es-positions-from-transaction-ids',
    sql: `
      DO $check$
      BEGIN
        IF coalesce((SELECT max(position) FROM es_events), 0) >= (pg_current_xact_id()::text::bigint << 20) THEN
          RAISE EXCEPTION 'es_events holds positions beyond those the next transactions would take: cannot order new appends after them';
        END IF;
      END
      $check$;
      ALTER TABLE es_events ALTER COLUMN position DROP DEFAULT;
      DROP SEQUENCE IF EXISTS es_events_position_seq;
      DROP FUNCTION IF EXISTS es_take_positions(integer);
    `,
  },
  {
    // The log's fence (postgres-fence.ts): positions are made from transaction ids, which belong to
    // a cluster. After a dump is restored into another cluster (or the database is moved there by
    // logical replication) the new cluster's ids start low: new appends would sort below the log,
    // and the restored rows' ids would look not yet committed. `position_offset` is what the
    // operator's re-fence adds to every new position so they follow the restored log again; 0 until then.
    id: 'platform-005-es-fence',
    sql: `
      CREATE TABLE IF NOT EXISTS es_fence (
        one boolean PRIMARY KEY DEFAULT true CHECK (one),
        position_offset bigint NOT NULL DEFAULT 0,
        fenced_at timestamptz
      );
      INSERT INTO es_fence (one) VALUES (true) ON CONFLICT DO NOTHING;
    `,
  },
  {
    // One user's events in log order (`readUser`: the projector's retry of a quarantined partition
    // reads only that user's events). The change feed's migration makes the same index by name.
    id: 'platform-006-es-user-position',
    sql: 'CREATE INDEX IF NOT EXISTS es_events_user_position ON es_events (user_id, position)',
  },
];
