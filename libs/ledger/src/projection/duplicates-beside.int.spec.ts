import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@budget/platform/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountRegister } from '../queries/account-register/account-register.sql.js';
import { registerPage } from '../queries/register-page.sql.js';
import { ProjectionHarness } from '../testing/projection-harness.js';

/**
 * A flagged duplicate sits beside its original (server-behaviour §4.3: within a date, registers
 * order by COALESCE(duplicateOf, id)): its register rows take the key right after the original's,
 * the running balance and the block sums stay right, and dedup or the original's delete moves it
 * back to its own place.
 */
let db: TestDatabase;
let h: ProjectionHarness;
let account: string;
let groceries: string;
let unassigned: string;

beforeAll(async () => {
  db = await createTestDatabase('ledger_dup_beside');
});
afterAll(async () => db.drop());

const row = (transactionId: string, date: string, amount: number, categoryId: string, bank: boolean, duplicateOf?: string) => ({
  type: 'TransactionRecorded',
  data: {
    transactionId, kind: bank ? 'regular' : 'manual', date, comment: null, splits: [{ categoryId, amount, comment: null }],
    account: { accountId: account, name: bank ? 'BANK' : 'Shop', amount, principle: null, pending: false, provider: bank ? 'PLAID' : 'NONE', providerTransactionId: bank ? transactionId : null, statementId: null },
    ...(duplicateOf && { duplicateOfTransactionId: duplicateOf }),
  },
});

beforeEach(async () => {
  h = await ProjectionHarness.create(db.pool);
  [account, groceries, unassigned] = [randomUUID(), randomUUID(), randomUUID()];
  await h.append(`account-${account}`, {
    type: 'AccountOpened',
    data: { accountId: account, institutionId: randomUUID(), name: 'Checking', type: 'depository', subtype: 'checking', tracking: 'Transactions', startDate: '2025-03-01', balance: 0, rate: null },
  });
});

/** The account register as the API answers it, newest first: ids and running balances in dollars. */
const shown = async () =>
  (await accountRegister(db.pool, h.userId, account, false, { offset: 0, limit: 30, search: null })).transactions.map((t) => [t.id, t.runningBalance]);

/** Register blocks equal what the rows alone give. */
async function blocksAgree(register: string) {
  const q = async (sql: string) => (await db.pool.query(sql, [register])).rows;
  expect(await q(`SELECT start_date::text, start_kind, start_seq::text, row_count, sum_cents::text FROM ledger_register_blocks WHERE register = $1 ORDER BY 1, 2, 3`)).toEqual(
    await q(
      `SELECT COALESCE(min(sort_date) FILTER (WHERE block_start), '-infinity')::text AS start_date,
              COALESCE(min(kind_order) FILTER (WHERE block_start), -1) AS start_kind, COALESCE(min(seq) FILTER (WHERE block_start), -1)::text AS start_seq,
              count(*)::int AS row_count, sum(delta_cents)::text AS sum_cents
         FROM (SELECT r.*, count(*) FILTER (WHERE block_start) OVER (ORDER BY sort_date, kind_order, seq) AS block FROM ledger_register_rows r WHERE register = $1) n
        GROUP BY block ORDER BY 1, 2, 3`,
    ),
  );
}

describe('a flagged duplicate in the registers', () => {
  it('sits right beside its original within their date, with running balances unbroken, and goes back to its place on dedup', async () => {
    const [original, a, b, dup] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await h.append(`transaction-${original}`, row(original, '2025-03-05', -2500, groceries, false));
    await h.append(`transaction-${a}`, row(a, '2025-03-05', -100, groceries, false));
    await h.append(`transaction-${b}`, row(b, '2025-03-05', -200, groceries, false));
    await h.append(`transaction-${dup}`, row(dup, '2025-03-05', -2500, unassigned, true, original));
    // Newest first: b, a, then the pair — the duplicate right above its original (0 − 25 − 25 − 1 − 2 = −53).
    expect(await shown()).toEqual([
      [b, -53],
      [a, -51],
      [dup, -50],
      [original, -25],
    ]);
    await blocksAgree(`a:${account}`);
    // The category registers carry the mark too: the duplicate's row in Unassigned says which row it duplicates.
    const { transactions } = await registerPage(db.pool, `c:${unassigned}`, { offset: 0, limit: 30, search: null }, { base: 0n, countedFrom: null, uncounted: 0n });
    expect(transactions.map((t) => [t.id, t.duplicateOfTransactionId])).toEqual([[dup, original]]);

    await h.append(`transaction-${dup}`, { type: 'TransactionDuplicateCleared', data: { transactionId: dup } });
    expect(await shown()).toEqual([
      [dup, -53],
      [b, -28],
      [a, -26],
      [original, -25],
    ]);
    await blocksAgree(`a:${account}`);
    expect((await h.account(account)).balance).toBe(-5300);
  });

  it('goes back to its own place when its original is deleted, and stays in its own date when the dates differ', async () => {
    const [original, later, dup] = [randomUUID(), randomUUID(), randomUUID()];
    await h.append(`transaction-${original}`, row(original, '2025-03-05', -1000, groceries, false));
    await h.append(`transaction-${later}`, row(later, '2025-03-06', -300, groceries, false));
    // Two days after its original: the date still comes first, so it leads its own date.
    await h.append(`transaction-${dup}`, row(dup, '2025-03-07', -1000, unassigned, true, original));
    const [early, early2] = [randomUUID(), randomUUID()];
    await h.append(`transaction-${early}`, row(early, '2025-03-07', -50, groceries, false));
    await h.append(`transaction-${early2}`, row(early2, '2025-03-07', -70, groceries, false));
    // Within 03-07 the flagged row takes its original's (older) key: below the rows recorded after that original.
    expect((await shown()).map(([id]) => id)).toEqual([early2, early, dup, later, original]);
    await h.append(`transaction-${original}`, { type: 'TransactionDeleted', data: { transactionId: original } });
    // Back at its own key: recorded before early and early2, so below them within 03-07 (0 − 3 − 10 − 0.5 − 0.7).
    expect(await shown()).toEqual([
      [early2, -14.2],
      [early, -13.5],
      [dup, -13],
      [later, -3],
    ]);
    await blocksAgree(`a:${account}`);
    await blocksAgree(`c:${unassigned}`);
  });
});
