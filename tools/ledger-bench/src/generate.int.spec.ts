import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTables } from '@budget/ledger';
import { LedgerTestbed } from '@budget/ledger/testing';
import { readCheckpoint, rebuildReadModels, DEFAULT_CHECKPOINT_NAME, type Caller } from '@budget/platform';
import { allProjections } from '@budget/read-models';
import { bulkLoadTransactions, type BulkResult, type BulkTarget } from './bulk/bulk-load.js';
import { BENCH_ACCOUNTS, regularCategoryIds, START_DATE } from './bulk/target.js';
import { compareWithSnapshot, snapshotTables } from './testing/snapshot.js';

/**
 * The generator's shortcut builds the same state as the projector: bulk-load N transactions on
 * top of a user made through the real services, snapshot the read models, rebuild them from the
 * log through the real projections, and compare every ledger table (and the category balances the
 * ledger writes into the budget's rows) row for row.
 */
const N = 2_000;
const COMPARED = [...ledgerTables, 'budget_categories'] as const;

let bed: LedgerTestbed;
let caller: Caller;
let target: BulkTarget;
let result: BulkResult;

const manual = (accountId: string, date: string, amount: number, categoryId: string) =>
  bed.transactions.recordManual(caller, accountId, { date, name: 'Real entry', amount, principle: null, comment: null, splits: [{ categoryId, amount }] });

beforeAll(async () => {
  // The projector projects here, so the load must find it at the head and leave it past the new rows.
  bed = await LedgerTestbed.start('ledger_bench', 'async');
  caller = (await bed.newUser()).caller;
  const accounts = BENCH_ACCOUNTS.map((a) => ({ ...a, balance: a.balance * 100, tracking: 'Transactions', rate: null, startDate: START_DATE }));
  const { accountIds } = await bed.accounts.addInstitution(caller, 'Bench Bank', accounts);
  target = { userId: caller.userId, accountIds, categoryIds: await regularCategoryIds(bed.db.pool, caller.userId), startDate: START_DATE };
  // A row already in the big registers, dated in the middle: the bulk rows must rank around it.
  await manual(accountIds[0]!, '2024-01-15', -4_321, target.categoryIds[0]!);
  result = await bulkLoadTransactions(bed.db.pool, target, { transactions: N, seed: 42, bigAccountEvery: 5 });
  // The projector carries on after the new head: a real entry lands on top of the bulk rows.
  await manual(accountIds[0]!, '2024-06-01', -1_000, target.categoryIds[0]!);
});
afterAll(async () => bed?.stop());

describe('bulk-loaded ledger', () => {
  it('appends N events after the old head and moves the checkpoint past them', async () => {
    expect(result.lastPosition - result.firstPosition + 1n).toBe(BigInt(N));
    // The real entry recorded after the load is the head, and the projector goes on past it (its
    // write waited for its user's partition only: the global checkpoint follows a moment later).
    const head = await bed.store.headPosition();
    expect(head).toBeGreaterThan(result.lastPosition);
    await bed.projector.caughtUp(head, 10_000);
    expect(await readCheckpoint(bed.db.pool, DEFAULT_CHECKPOINT_NAME)).toBe(head);
    const { rows } = await bed.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transactions WHERE seq BETWEEN $1 AND $2', [
      result.firstPosition.toString(), result.lastPosition.toString(),
    ]);
    expect(rows[0]!.n).toBe(N);
  });

  it('gives the big account and the big category their shares, some rows outside the budget', async () => {
    const count = async (sql: string, values: unknown[]) => (await bed.db.pool.query<{ n: number }>(sql, values)).rows[0]!.n;
    expect(await count('SELECT count(*)::int AS n FROM ledger_register_rows WHERE register = $1', [`a:${target.accountIds[0]}`])).toBeGreaterThanOrEqual(N / 5);
    expect(await count('SELECT count(*)::int AS n FROM ledger_register_rows WHERE register = $1', [`c:${target.categoryIds[0]}`])).toBeGreaterThanOrEqual(N / 7);
    expect(await count('SELECT count(*)::int AS n FROM ledger_splits WHERE NOT live', [])).toBeGreaterThan(0);
  });

  it('equals what a rebuild through the real projections makes from the same log', async () => {
    await bed.projector.stop();
    await snapshotTables(bed.db.pool, COMPARED);
    const rebuilt = await rebuildReadModels({ pool: bed.db.pool, store: bed.store, projections: allProjections });
    expect(rebuilt.position).toBe(await bed.store.headPosition());
    const rows: Record<string, number> = {};
    for (const table of COMPARED) {
      const comparison = await compareWithSnapshot(bed.db.pool, table);
      expect(comparison, table).toMatchObject({ table, onlyBulk: [], onlyRebuilt: [], same: true });
      rows[table] = comparison.rows;
    }
    expect(rows).toMatchObject({ ledger_transactions: N + 2 + BENCH_ACCOUNTS.length });
    // A line per transaction, and the lines of the seeded accounts' own events (opening, start date).
    expect(rows.ledger_transaction_logs).toBeGreaterThanOrEqual(N + 2 + BENCH_ACCOUNTS.length);
    expect(rows.ledger_splits).toBeGreaterThan(N);
    expect(rows.ledger_register_rows).toBeGreaterThan(2 * N);
  });
});
