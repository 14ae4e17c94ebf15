import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { migrate, withTransaction } from '@budget/platform';
import { createTestDatabase, type TestDatabase } from '@budget/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTER_SLICE_SQL, registerSize } from '../queries/register-page.sql.js';
import { ledgerMigrations } from './ledger.migrations.js';
import { registerTuning, replaceRows, type NewRow } from './registers.js';

/**
 * The two-level register on its own: whatever sequence of single inserts, single removals and
 * set-based replacements (either path: in SQL, or in memory as for big batches), the blocks equal
 * what the rows alone give, and every slice read through the blocks (rank and running sum) equals a
 * window over the rows, also when the register counts only from a date (an account's start date).
 */
let db: TestDatabase;
const RUNS = Number(process.env['PROPERTY_RUNS'] ?? 150);
const SEED = Number(process.env['PROPERTY_SEED'] ?? Date.now() % 2 ** 31);

beforeAll(async () => {
  db = await createTestDatabase('ledger_registers');
  await migrate(db.pool, ledgerMigrations);
  // Blocks of about 4 rows, so that a short sequence splits and merges many of them.
  await db.pool.query(`CREATE OR REPLACE FUNCTION ledger_block_start(seq bigint) RETURNS boolean LANGUAGE sql IMMUTABLE AS 'SELECT (hashint8(seq) & 3) = 0'`);
});
afterAll(async () => db.drop());

type Op =
  | { op: 'insert'; day: number; kind: number; delta: number }
  | { op: 'remove'; pick: number }
  | { op: 'replace'; picks: number[]; adds: { day: number; kind: number; delta: number }[] };

const row = fc.record({ day: fc.integer({ min: 0, max: 40 }), kind: fc.integer({ min: 0, max: 3 }), delta: fc.integer({ min: -50_000, max: 50_000 }) });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: row.map((r) => ({ op: 'insert' as const, ...r })) },
  { weight: 2, arbitrary: fc.nat().map((pick) => ({ op: 'remove' as const, pick })) },
  { weight: 1, arbitrary: fc.record({ picks: fc.array(fc.nat(), { maxLength: 6 }), adds: fc.array(row, { maxLength: 12 }) }).map((r) => ({ op: 'replace' as const, ...r })) },
);

let seq = 0n;
const date = (day: number) => new Date(Date.UTC(2025, 0, 1 + day)).toISOString().slice(0, 10);

async function check(register: string, countedFrom: string): Promise<void> {
  const q = async (sql: string, values: unknown[] = [register]) => (await db.pool.query(sql, values)).rows;
  const kept = await q(`SELECT start_date::text, start_kind, start_seq::text, row_count, sum_cents::text FROM ledger_register_blocks WHERE register = $1 ORDER BY 1, 2, 3`);
  const derived = await q(
    `SELECT COALESCE(min(sort_date) FILTER (WHERE block_start), '-infinity')::text AS start_date,
            COALESCE(min(kind_order) FILTER (WHERE block_start), -1) AS start_kind, COALESCE(min(seq) FILTER (WHERE block_start), -1)::text AS start_seq,
            count(*)::int AS row_count, sum(delta_cents)::text AS sum_cents
       FROM (SELECT r.*, count(*) FILTER (WHERE block_start) OVER (ORDER BY sort_date, kind_order, seq) AS block
               FROM ledger_register_rows r WHERE register = $1) numbered
      GROUP BY block ORDER BY 1, 2, 3`,
  );
  expect(kept).toEqual(derived);
  // Running sums computed from the rows alone: all of them, and those counted from a date.
  const window = (from: string | null) =>
    q(
      `SELECT transaction_id, row_number() OVER w AS rank,
              sum(CASE WHEN $2::date IS NULL OR sort_date >= $2::date THEN delta_cents ELSE 0 END) OVER w AS running_cents
         FROM ledger_register_rows WHERE register = $1 WINDOW w AS (ORDER BY sort_date, kind_order, seq) ORDER BY rank`,
      [register, from],
    );
  const size = await registerSize(db.pool, register);
  for (const from of [null, countedFrom]) {
    const full = await window(from);
    expect(size).toBe(full.length);
    for (const [low, high] of [[1, 3], [Math.max(1, size - 5), size], [Math.ceil(size / 2), Math.ceil(size / 2) + 7]] as const) {
      if (size === 0) break;
      const [{ cents }] = await q('SELECT ledger_uncounted_cents($1, $2::date)::text AS cents', [register, from]);
      const slice = await q(`SELECT * FROM (${REGISTER_SLICE_SQL}) s ORDER BY rank`, [register, low, Math.min(high, size), from, cents]);
      expect(slice, `ranks ${low}…${high} counted from ${from ?? 'the start'}`).toEqual(full.slice(low - 1, Math.min(high, size)));
    }
  }
}

describe('registers as a two-level sum', () => {
  it(`keeps blocks equal to the rows and reads slices right over ${RUNS} sequences (seed ${SEED})`, async () => {
    await fc.assert(
      // Each sequence takes either path of replaceRows: in SQL row by row, or in memory (bulk).
      fc.asyncProperty(fc.boolean(), fc.array(op, { minLength: 1, maxLength: 40 }), fc.integer({ min: 0, max: 41 }), async (bulk, ops, from) => {
        registerTuning.bulkFrom = bulk ? 0 : 64;
        const register = `a:${randomUUID()}`;
        const present: string[] = [];
        const userId = 'u';
        const newRow = (a: { day: number; kind: number; delta: number }): NewRow =>
          ({ userId, transactionId: randomUUID(), register, sortDate: date(a.day), kindOrder: a.kind, seq: (seq += 1n), delta: a.delta });
        await withTransaction(db.pool, async (client) => {
          for (const o of ops) {
            if (o.op === 'insert') {
              const added = newRow(o);
              present.push(added.transactionId);
              await replaceRows(client, [], [added]);
            } else if (o.op === 'remove') {
              if (present.length === 0) continue;
              const [id] = present.splice(o.pick % present.length, 1);
              await replaceRows(client, [id!], []);
            } else {
              const ids = [...new Set(o.picks.filter(() => present.length > 0).map((p) => present[p % present.length]!))];
              for (const id of ids) present.splice(present.indexOf(id), 1);
              const rows = o.adds.map(newRow);
              present.push(...rows.map((r) => r.transactionId));
              await replaceRows(client, ids, rows);
            }
          }
        });
        await check(register, date(from));
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    registerTuning.bulkFrom = 64;
  }, 300_000);
});
