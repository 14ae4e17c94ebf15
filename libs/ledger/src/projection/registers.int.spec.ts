import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { migrate, withTransaction } from '@budget/platform';
import { createTestDatabase, type TestDatabase } from '@budget/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTER_SLICE_SQL, registerSize } from '../queries/register-page.sql.js';
import { ledgerMigrations } from './ledger.migrations.js';
import { changeDeltas, registerTotal, registerTuning, replaceRows, type NewRow, type RowKey } from './registers.js';

/**
 * The two-level register on its own: whatever sequence of single inserts, single removals, delta
 * changes and set-based replacements (either path: in SQL, or in memory as for big batches), the blocks equal what the rows alone give, and every slice read through
 * the blocks (rank and running sum) equals a window over the rows.
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
  | { op: 'delta'; pick: number; delta: number }
  | { op: 'replace'; picks: number[]; adds: { day: number; kind: number; delta: number }[] };

const row = fc.record({ day: fc.integer({ min: 0, max: 40 }), kind: fc.integer({ min: 0, max: 3 }), delta: fc.integer({ min: -50_000, max: 50_000 }) });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: row.map((r) => ({ op: 'insert' as const, ...r })) },
  { weight: 2, arbitrary: fc.nat().map((pick) => ({ op: 'remove' as const, pick })) },
  { weight: 1, arbitrary: fc.record({ pick: fc.nat(), delta: fc.integer({ min: -50_000, max: 50_000 }) }).map((r) => ({ op: 'delta' as const, ...r })) },
  { weight: 1, arbitrary: fc.record({ picks: fc.array(fc.nat(), { maxLength: 6 }), adds: fc.array(row, { maxLength: 12 }) }).map((r) => ({ op: 'replace' as const, ...r })) },
);

let seq = 0n;
const date = (day: number) => new Date(Date.UTC(2025, 0, 1 + day)).toISOString().slice(0, 10);

async function check(register: string): Promise<void> {
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
  const full = await q(
    `SELECT transaction_id, row_number() OVER w AS rank, sum(delta_cents) OVER w AS running_cents
       FROM ledger_register_rows WHERE register = $1 WINDOW w AS (ORDER BY sort_date, kind_order, seq) ORDER BY rank`,
  );
  const size = await registerSize(db.pool, register);
  expect(size).toBe(full.length);
  const total = full.length === 0 ? '0' : String(full[full.length - 1]!.running_cents);
  expect((await withTransaction(db.pool, (c) => registerTotal(c, register))).toString()).toBe(total);
  for (const [low, high] of [[1, 3], [Math.max(1, size - 5), size], [Math.ceil(size / 2), Math.ceil(size / 2) + 7]] as const) {
    if (size === 0) break;
    const slice = await q(`SELECT * FROM (${REGISTER_SLICE_SQL}) s ORDER BY rank`, [register, low, Math.min(high, size)]);
    expect(slice).toEqual(full.slice(low - 1, Math.min(high, size)));
  }
}

describe('registers as a two-level sum', () => {
  it(`keeps blocks equal to the rows and reads slices right over ${RUNS} sequences (seed ${SEED})`, async () => {
    await fc.assert(
      // Each sequence takes either path of replaceRows: in SQL row by row, or in memory (bulk).
      fc.asyncProperty(fc.boolean(), fc.array(op, { minLength: 1, maxLength: 40 }), async (bulk, ops) => {
        registerTuning.bulkFrom = bulk ? 0 : 64;
        const register = `a:${randomUUID()}`;
        const present: string[] = [];
        /** Each present row's key and delta, as the caller of changeDeltas knows them. */
        const known = new Map<string, { key: RowKey; delta: number }>();
        const userId = 'u';
        const newRow = (a: { day: number; kind: number; delta: number }): NewRow => {
          const made = { userId, transactionId: randomUUID(), register, sortDate: date(a.day), kindOrder: a.kind, seq: (seq += 1n), delta: a.delta };
          known.set(made.transactionId, { key: { date: made.sortDate, kind: made.kindOrder, seq: made.seq.toString() }, delta: made.delta });
          return made;
        };
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
            } else if (o.op === 'delta') {
              if (present.length === 0) continue;
              const id = present[o.pick % present.length]!;
              const was = known.get(id)!;
              await changeDeltas(client, register, [{ transactionId: id, delta: o.delta, diff: o.delta - was.delta, key: was.key }]);
              was.delta = o.delta;
            } else {
              const ids = [...new Set(o.picks.filter(() => present.length > 0).map((p) => present[p % present.length]!))];
              for (const id of ids) present.splice(present.indexOf(id), 1);
              const rows = o.adds.map(newRow);
              present.push(...rows.map((r) => r.transactionId));
              await replaceRows(client, ids, rows);
            }
          }
        });
        await check(register);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    registerTuning.bulkFrom = 64;
  }, 300_000);
});
