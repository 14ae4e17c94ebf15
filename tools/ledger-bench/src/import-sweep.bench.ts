import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { OPEN_IMPORTS_SQL, openImportsProjection } from '@budget/ledger';
import { eventStoreMigrations, migrate, type Pool } from '@budget/platform';
import { createTestDatabase } from '@budget/platform/testing';
import { positive } from './args.js';

/**
 * The import sweep's lookup of unfinished imports (docs/architecture.md §8 "Imports in chunks"),
 * before and after `ledger_open_imports`, on a throwaway database: `--events` other events (default
 * 1,000,000, about 250 bytes of data each, over 1,000 users) written straight into `es_events`,
 * `--imports` import plans (2,000) of which all but `--open` (20) have their summary on the
 * account's stream; then the open-imports migration fills its table from that log (timed: its
 * one-time cost) and, interleaved, `--rounds` times (20) each: the statement the sweep ran before
 * (`PREVIOUS_SQL`: the plans found by type in es_events, which has no index by type) and the one
 * it runs now (`OPEN_IMPORTS_SQL`). Both answers are compared first; the buffers each reads come
 * from EXPLAIN (ANALYZE, BUFFERS). Run: `npm run bench:import-sweep -- [--events N] [--imports N]
 * [--open N] [--rounds N]`.
 */
const { values } = parseArgs({ options: { events: { type: 'string' }, imports: { type: 'string' }, open: { type: 'string' }, rounds: { type: 'string' } } });
const events = positive('events', values.events, 1_000_000);
const imports = Math.max(1, positive('imports', values.imports, 2_000));
const open = Math.min(imports, positive('open', values.open, 20));
const rounds = Math.max(1, positive('rounds', values.rounds, 20));

/** What the sweep ran before: every plan found by its type in the log, then its summary by the account's stream. */
const PREVIOUS_SQL = `
  SELECT p.user_id, p.data->>'importId' AS import_id, p.metadata->>'correlationId' AS correlation_id, p.metadata->>'causationId' AS causation_id
    FROM es_events p
   WHERE p.type = 'StatementFileImportPlanned'
     AND NOT EXISTS (
       SELECT 1 FROM es_events s
        WHERE s.stream_id = 'account-' || (p.data->>'accountId') AND s.user_id = p.user_id
          AND s.type = 'StatementFileImported' AND s.metadata->>'correlationId' = p.metadata->>'correlationId')
   ORDER BY p.position
   LIMIT $1`;

/** Other events, `count` of them in one transaction (positions from its transaction id, as appends make them). */
const FILL_SQL = `
  INSERT INTO es_events (position, event_id, stream_id, revision, type, data, metadata, user_id)
  SELECT (pg_current_xact_id()::text::bigint << 20) + g, gen_random_uuid(), 'transaction-bench-' || $1::int || '-' || g, 0, 'TransactionRecorded',
         jsonb_build_object('transactionId', 'bench-' || g, 'name', 'SHOP NUMBER ' || g || ' ON MAIN STREET', 'amount', -(g % 9000) - 100,
                            'date', '2025-03-01', 'splits', jsonb_build_array(jsonb_build_object('categoryId', 'c-' || (g % 40), 'amount', -(g % 9000) - 100))),
         jsonb_build_object('userId', 'u-' || (g % 1000), 'correlationId', gen_random_uuid()::text, 'causationId', NULL, 'recordedAt', '2025-03-01T12:00:00.000Z', 'actor', 'user'),
         'u-' || (g % 1000)
    FROM generate_series(1, $2::int) AS g`;

/** The plans, then the summaries of all but the last `open` of them, each in one transaction. */
const PLANS_SQL = `
  INSERT INTO es_events (position, event_id, stream_id, revision, type, data, metadata, user_id)
  SELECT (pg_current_xact_id()::text::bigint << 20) + k, gen_random_uuid(), 'statement-import-imp-' || k, 0, 'StatementFileImportPlanned',
         jsonb_build_object('importId', 'imp-' || k, 'accountId', 'acct-' || (k % 1000), 'format', 'OFX', 'fileLedgerBalance', NULL, 'chunkSize', 250, 'rows', '[]'::jsonb),
         jsonb_build_object('userId', 'u-' || (k % 1000), 'correlationId', 'corr-' || k, 'causationId', 'cause-' || k, 'recordedAt', '2025-03-01T12:00:00.000Z', 'actor', 'ofx'),
         'u-' || (k % 1000)
    FROM generate_series(1, $1::int) AS k`;
const SUMMARIES_SQL = `
  INSERT INTO es_events (position, event_id, stream_id, revision, type, data, metadata, user_id)
  SELECT (pg_current_xact_id()::text::bigint << 20) + k, gen_random_uuid(), 'account-acct-' || (k % 1000), k, 'StatementFileImported',
         jsonb_build_object('accountId', 'acct-' || (k % 1000), 'format', 'OFX', 'added', 1, 'updated', 0, 'unchanged', 0),
         jsonb_build_object('userId', 'u-' || (k % 1000), 'correlationId', 'corr-' || k, 'causationId', 'cause-' || k, 'recordedAt', '2025-03-01T12:00:00.000Z', 'actor', 'ofx'),
         'u-' || (k % 1000)
    FROM generate_series(1, $1::int) AS k`;

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function buffers(pool: Pool, sql: string, params: unknown[]): Promise<number> {
  type Node = { 'Shared Hit Blocks': number; 'Shared Read Blocks': number };
  const { rows } = await pool.query<{ 'QUERY PLAN': [{ Plan: Node }] }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params);
  const plan = rows[0]!['QUERY PLAN'][0].Plan;
  return plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
}

async function main(): Promise<void> {
  const db = await createTestDatabase('sweep_bench');
  try {
    const { pool } = db;
    await migrate(pool, eventStoreMigrations);
    const filling = process.hrtime.bigint();
    // At most 2^20 positions per transaction id; 250,000 a statement.
    for (let done = 0, part = 0; done < events; done += 250_000, part += 1) await pool.query(FILL_SQL, [part, Math.min(250_000, events - done)]);
    await pool.query(PLANS_SQL, [imports]);
    await pool.query(SUMMARIES_SQL, [imports - open]);
    await pool.query('VACUUM ANALYZE es_events');
    const filled = ms(filling);
    const total = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM es_events')).rows[0]!.n;

    const migrating = process.hrtime.bigint();
    await migrate(pool, openImportsProjection.migrations);
    const backfill = ms(migrating);
    await pool.query('ANALYZE ledger_open_imports');

    const before = (await pool.query<{ import_id: string }>(PREVIOUS_SQL, [imports])).rows.map((r) => r.import_id).sort();
    const now = (await pool.query<{ import_id: string }>(OPEN_IMPORTS_SQL, ['0', imports])).rows.map((r) => r.import_id).sort();
    if (JSON.stringify(before) !== JSON.stringify(now) || now.length !== open) throw new Error(`the answers differ: ${before.length} before, ${now.length} now, ${open} open`);

    const times = { previous: [] as number[], now: [] as number[] };
    const load = loadavg()[0]!;
    for (let round = 0; round < rounds; round += 1) {
      let start = process.hrtime.bigint();
      await pool.query(PREVIOUS_SQL, [100]);
      times.previous.push(ms(start));
      start = process.hrtime.bigint();
      await pool.query(OPEN_IMPORTS_SQL, ['0', 100]);
      times.now.push(ms(start));
    }
    const row = (name: string, sample: number[], blocks: number) => {
      const sorted = [...sample].sort((a, b) => a - b);
      return `| ${name} | ${quantile(sorted, 0.5).toFixed(2)} | ${quantile(sorted, 0.9).toFixed(2)} | ${blocks} |`;
    };
    console.log(`es_events: ${total.toLocaleString('en')} events (${events.toLocaleString('en')} others, ${imports} plans, ${open} unfinished); filled in ${(filled / 1000).toFixed(1)} s`);
    console.log(`ledger-open-imports-001 (table, indexes, fill from the log): ${backfill.toFixed(0)} ms, once`);
    console.log(`load average (1 min) at the start of the rounds: ${load.toFixed(2)}; after: ${loadavg()[0]!.toFixed(2)}; ${rounds} rounds, interleaved`);
    console.log('| lookup (first 100 unfinished) | p50 ms | p90 ms | 8 kB buffers read |');
    console.log('|---|---|---|---|');
    console.log(row('before: plans by type in es_events', times.previous, await buffers(pool, PREVIOUS_SQL, [100])));
    console.log(row('now: ledger_open_imports by plan_position', times.now, await buffers(pool, OPEN_IMPORTS_SQL, ['0', 100])));
  } finally {
    await db.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
