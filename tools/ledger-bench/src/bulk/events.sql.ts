import { TABLES } from './tables.js';

/**
 * Appends `$1` manual `TransactionRecorded` events (revision 0 of a new `transaction-<id>`
 * stream each) straight into the log at positions base + 1 .. base + $1, base being this
 * transaction's id << 20 as the event store's appends take it (postgres-append.ts), shaped as
 * `decideRecordAccountTransaction` and `EventWriter.append` shape them. Everything is drawn from
 * `hashint8extended(i, seed)`, so one seed on one database state gives the same events.
 *
 * $1 count (at most 2^20 − 1), $2 seed, $3 head position (seeds the ids), $4 user id, $5 account ids (the 1st is the big one),
 * $6 category ids (the 1st is the big one, at least 3), $7 payee names, $8 start date,
 * $9 days spanned, $10 first recordedAt, $11 every n-th transaction goes to the big account,
 * $12 every n-th transaction starts its splits in the big category, $13 stream prefix,
 * $14 event type, $15 kind, $16 actor.
 */
export const INSERT_EVENTS = `
  INSERT INTO ${TABLES.events} (position, event_id, stream_id, revision, type, data, metadata, user_id)
  SELECT (pg_current_xact_id()::text::bigint << 20) + g.i, g.event_id, $13::text || g.transaction_id, 0, $14::text,
         jsonb_build_object(
           'transactionId', g.transaction_id, 'kind', $15::text, 'date', to_char(g.day, 'YYYY-MM-DD'), 'comment', NULL,
           'splits', g.splits,
           'account', jsonb_build_object(
             'accountId', g.account_id, 'name', g.name, 'amount', g.amount, 'principle', NULL, 'pending', false,
             'provider', 'NONE', 'providerTransactionId', NULL, 'statementId', NULL)),
         jsonb_build_object(
           'userId', $4::text, 'correlationId', g.correlation_id, 'causationId', NULL, 'actor', $16::text,
           'recordedAt', to_char(($10::timestamptz + g.i * interval '1 millisecond') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
         $4::text
    FROM (
      SELECT s.i, d.day, d.amount, d.name,
             ($5::text[])[d.account_no] AS account_id,
             ids.transaction_id, ids.event_id, ids.correlation_id,
             (SELECT jsonb_agg(jsonb_build_object(
                       'categoryId', ($6::text[])[1 + (d.first_category + p.j) % cardinality($6::text[])],
                       'amount', CASE WHEN p.j < d.parts - 1 THEN d.amount / d.parts ELSE d.amount - (d.amount / d.parts) * (d.parts - 1) END,
                       'comment', NULL) ORDER BY p.j)
                FROM generate_series(0, d.parts - 1) AS p(j)) AS splits
        FROM generate_series(1, $1::bigint) AS s(i)
        CROSS JOIN LATERAL (
          SELECT hashint8extended(s.i, $2::bigint * 8 + 1) AS h1, hashint8extended(s.i, $2::bigint * 8 + 2) AS h2,
                 hashint8extended(s.i, $2::bigint * 8 + 3) AS h3, hashint8extended(s.i, $2::bigint * 8 + 4) AS h4,
                 hashint8extended(s.i, $2::bigint * 8 + 5) AS h5, hashint8extended(s.i, $2::bigint * 8 + 6) AS h6
        ) h
        CROSS JOIN LATERAL (
          SELECT CASE WHEN s.i % $11 = 0 THEN 1 ELSE 2 + abs(h.h1 % (cardinality($5::text[]) - 1))::int END AS account_no,
                 -- dates follow the log order over $9 days, up to 9 days late, as entries arrive;
                 -- one row in 200 is dated before the start date: kept in the log, outside the budget
                 CASE WHEN abs(h.h2 % 200) = 0 THEN $8::date - 1 - abs(h.h3 % 30)::int
                      ELSE $8::date + ((s.i - 1) * $9 / $1::bigint)::int + abs(h.h3 % 10)::int END AS day,
                 -- one row in 20 is income, the rest spending
                 CASE WHEN abs(h.h4 % 20) = 0 THEN 100000 + abs(h.h5 % 400000) ELSE -(100 + abs(h.h5 % 20000)) END AS amount,
                 1 + abs(h.h6 % 3)::int AS parts,
                 CASE WHEN s.i % $12 = 0 THEN 0 ELSE abs(h.h6 / 3 % cardinality($6::text[]))::int END AS first_category,
                 ($7::text[])[1 + abs(h.h4 / 20 % cardinality($7::text[]))::int] AS name
        ) d
        CROSS JOIN LATERAL (
          SELECT overlay(overlay(md5(concat_ws(':', $2::bigint, $3::bigint, 't', s.i)) PLACING '4' FROM 13) PLACING '8' FROM 17)::uuid AS transaction_id,
                 overlay(overlay(md5(concat_ws(':', $2::bigint, $3::bigint, 'e', s.i)) PLACING '4' FROM 13) PLACING '8' FROM 17)::uuid AS event_id,
                 overlay(overlay(md5(concat_ws(':', $2::bigint, $3::bigint, 'c', s.i)) PLACING '4' FROM 13) PLACING '8' FROM 17)::uuid AS correlation_id
        ) ids
    ) g
   ORDER BY g.i`;

/** The position before the first one `INSERT_EVENTS` writes in this transaction. */
export const POSITION_BASE = 'SELECT (pg_current_xact_id()::text::bigint << 20)::text AS base';

export const HEAD_POSITION = `SELECT COALESCE(max(position), 0)::text AS head FROM ${TABLES.events}`;
