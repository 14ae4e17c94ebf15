import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@budget/platform/testing';
import { formatTable, measureCase, reportCases, searchCase, type CaseResult } from './reports/cases.js';
import { plan } from './reports/data-set.js';
import { prepareDataSet, type PreparedDataSet } from './reports/prepare.js';

/**
 * The reports benchmark at a tiny size, so it cannot rot: the fill through the API (imports, the
 * Plaid feed, manual entries, fundings, balance entries, deletes), the marker that lets a second
 * run reuse the database, and one measurement round of every case (which also checks that the
 * API and the core SQL answer the same number of rows).
 */
const N = 2_000;
let database: TestDatabase;
let first: PreparedDataSet;

beforeAll(async () => {
  database = await createTestDatabase('reports_bench');
  first = await prepareDataSet({ databaseUrl: database.url, transactions: N, seed: 3, log: () => undefined });
}, 240_000);
afterAll(async () => {
  await first?.close();
  await database?.drop();
});

describe('reports bench', () => {
  it('fills the planned rows through the write path, every one projected', async () => {
    // plan(2,000): 20 manual, 2 loan payments, 40 synced card rows; of the 1,938 imported others 23 are savings, 996 checking, 919 card; 5 deleted.
    expect(plan(N)).toEqual({ manual: 20, loan: 2, linked: 40, checking: 996, savings: 23, visa: 919, deleted: 5 });
    expect(first.filledNow).toBe(true);
    expect(first.fill).toMatchObject({ transactions: N, imported: 1_940, synced: 40, manual: 20, deleted: 5, fundings: 36, balanceEntries: 36 });
    const { rows } = await first.pool.query<{ kind: string; n: string }>(
      `SELECT CASE WHEN deleted THEN 'deleted' ELSE type::text END AS kind, count(*) AS n FROM ledger_transactions WHERE user_id = $1 GROUP BY 1 ORDER BY 1`,
      [first.userId],
    );
    // Live: 1,980 bank rows (the pending card row posted as a new row) − 5 deleted = 1,975 (type 0), 20 manual (5),
    // 36 fundings (2), 5 starting balances (4: every account but the mortgage tracked by Balances and the linked card).
    // Deleted: the 5 deletes and the pending row its posted row replaced.
    expect(Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]))).toEqual({ '0': 1_975, '2': 36, '4': 5, '5': 20, deleted: 6 });
    const { rows: facts } = await first.pool.query<{ n: string }>('SELECT count(*) AS n FROM reporting_facts WHERE user_id = $1 AND type IN (0, 5) AND NOT deleted', [first.userId]);
    expect(Number(facts[0]!.n)).toBe(1_995);
  });

  it('finds the filled data set by its marker and measures every report', async () => {
    const again = await prepareDataSet({ databaseUrl: database.url, transactions: N, seed: 3, log: () => undefined });
    try {
      expect(again.filledNow).toBe(false);
      expect(again.userId).toBe(first.userId);
      expect(again.fill.events).toBe(first.fill.events);
      const results: CaseResult[] = [];
      for (const c of [...reportCases(again.pool, again.userId), searchCase]) results.push(await measureCase(again.api.app, again.access, c, 1, 0));
      const rows = Object.fromEntries(results.map((r) => [`${r.report} ${r.range}`, r.rows]));
      // Net worth: 53 weekly rows in a year (the last one the range's end), 36 monthly over three years.
      expect(rows['networth year 2025']).toBe(53);
      expect(rows['networth all 2023-01-01..2025-12-31']).toBe(36);
      expect(rows['income-vs-expenses year 2025']).toBe(12);
      expect(rows['funding-history 12 months to 2025-12']).toBeGreaterThan(12);
      expect(rows['search (name "kroger", page 1) all']).toBeGreaterThan(0);
      for (const r of results) expect(r.apiP50, `${r.report} ${r.range}`).toBeGreaterThan(0);
      expect(formatTable(results).split('\n')).toHaveLength(results.length + 2);
    } finally {
      await again.close();
    }
  });
});
