import { randomUUID } from 'node:crypto';
import { createEventStore } from '@budget/platform';
import { createTestDatabase } from '@budget/platform/testing';
import { createPlainTable, plainInsert } from './plain-insert.js';
import { portAppend } from './port-append.js';
import { formatReport, type Comparison } from './report.js';
import { runWriters, type WriterLimits } from './run-writers.js';

/**
 * Single-event appends through the PostgreSQL event-store port (serialised by its advisory lock)
 * against plain parameterised INSERTs into a table with the same columns and indexes, with 1 and
 * 16 writers, in one fresh throwaway database. Run: `npx tsc -b tools/bench && node
 * tools/bench/dist/event-store.bench.js`. BENCH_EVENTS and BENCH_MAX_SECONDS bound each run.
 */
const limits: WriterLimits = {
  events: Number(process.env.BENCH_EVENTS ?? 3000),
  maxSeconds: Number(process.env.BENCH_MAX_SECONDS ?? 30),
};
const WRITER_COUNTS = [1, 16];
const WARM_UP: WriterLimits = { events: 200, maxSeconds: 10 };

const db = await createTestDatabase('bench');
try {
  const store = await createEventStore({ kind: 'postgres', pool: db.pool, databaseUrl: db.url });
  await createPlainTable(db.pool);
  const { rows } = await db.pool.query<{ server_version: string }>('SHOW server_version');

  const comparisons: Comparison[] = [];
  for (const writers of WRITER_COUNTS) {
    await runWriters(writers, WARM_UP, portAppend(store, randomUUID()));
    await runWriters(writers, WARM_UP, plainInsert(db.pool, randomUUID()));
    const port = await runWriters(writers, limits, portAppend(store, randomUUID()));
    const plain = await runWriters(writers, limits, plainInsert(db.pool, randomUUID()));
    comparisons.push({ writers, port, plain });
  }
  await store.close();

  console.log(`Event store appends: PostgreSQL ${rows[0]?.server_version ?? '?'}, single-event appends, up to ${limits.events} events or ${limits.maxSeconds} s per run`);
  console.log(formatReport(comparisons));
} finally {
  await db.drop();
}
