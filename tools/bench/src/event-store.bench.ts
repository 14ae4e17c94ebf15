import { randomUUID } from 'node:crypto';
import { createEventStore } from '@budget/platform';
import { createTestDatabase } from '@budget/platform/testing';
import { createPlainTable, plainInsert } from './plain-insert.js';
import { portAppend } from './port-append.js';
import { formatReport, type Comparison } from './report.js';
import { combineRuns, runWriters, type WriterLimits, type WriterRun } from './run-writers.js';

/**
 * Single-event appends through the PostgreSQL event-store port (optimistic revision check,
 * idempotent ids, positions that follow transaction ids, a NOTIFY after the commits) against
 * plain parameterised INSERTs into a table with the same columns and indexes, with 1 and 16
 * writers, in one fresh throwaway database. Run: `npx tsc -b tools/bench && node
 * tools/bench/dist/event-store.bench.js`. BENCH_EVENTS and BENCH_MAX_SECONDS bound each path's
 * total per writer count.
 *
 * The two paths take turns, BENCH_ROUNDS times each (port, plain, port, plain…), and each one's
 * rounds are added up: on a shared machine whose load drifts, one long run of each would credit
 * the drift to whichever ran in the quieter minute.
 */
const limits: WriterLimits = {
  events: Number(process.env.BENCH_EVENTS ?? 3000),
  maxSeconds: Number(process.env.BENCH_MAX_SECONDS ?? 30),
};
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WRITER_COUNTS = [1, 16];
const WARM_UP: WriterLimits = { events: 200, maxSeconds: 10 };

const db = await createTestDatabase('bench');
try {
  const store = await createEventStore({ kind: 'postgres', pool: db.pool, databaseUrl: db.url });
  await createPlainTable(db.pool);
  const { rows } = await db.pool.query<{ server_version: string }>('SHOW server_version');
  const round: WriterLimits = { events: Math.ceil(limits.events / ROUNDS), maxSeconds: limits.maxSeconds / ROUNDS };

  const comparisons: Comparison[] = [];
  for (const writers of WRITER_COUNTS) {
    await runWriters(writers, WARM_UP, portAppend(store, randomUUID()));
    await runWriters(writers, WARM_UP, plainInsert(db.pool, randomUUID()));
    const port: WriterRun[] = [];
    const plain: WriterRun[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      port.push(await runWriters(writers, round, portAppend(store, randomUUID())));
      plain.push(await runWriters(writers, round, plainInsert(db.pool, randomUUID())));
    }
    comparisons.push({ writers, port: combineRuns(port), plain: combineRuns(plain) });
  }
  await store.close();

  console.log(
    `Event store appends: PostgreSQL ${rows[0]?.server_version ?? '?'}, single-event appends, ` +
      `${limits.events} events or ${limits.maxSeconds} s per path and writer count, in ${ROUNDS} alternating rounds`,
  );
  console.log(formatReport(comparisons));
} finally {
  await db.drop();
}
