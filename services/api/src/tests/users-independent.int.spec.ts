import { randomUUID } from 'node:crypto';
import { centsToDecimalString, parseDollars } from '@budget/money';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { bankOfx } from '@budget/ledger/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * What this shows (docs/architecture.md §4): one user's big work never holds up another's
 * writes. User A imports a 5,000-row OFX file spread over two years, then moves the account's
 * start date; meanwhile user B records transactions. As `npm start` runs it (inline projection
 * on PostgreSQL). How fast each side is belongs in the benchmarks (`npm run bench:projection`);
 * this test asserts outcomes only.
 */
let t: ApiTestApp;
let a: SignedUpUser;
let b: SignedUpUser;
let accountA: string;
let accountB: string;
let groceriesB: string;

const ROWS = 5_000;

/** 5,000 rows over 2023–2024 in a scrambled order (a fixed linear congruence, so every run alike). */
function bigFile(): { text: string; total: number; datedFrom2024: number } {
  const rows: { fitid: string; date: string; amount: string; name: string }[] = [];
  let total = 0;
  let datedFrom2024 = 0;
  for (let i = 0; i < ROWS; i++) {
    const day = (i * 7919) % 730;
    const date = new Date(Date.UTC(2023, 0, 1 + day));
    const amount = -((i * 104_729) % 20_000) - 1;
    total += amount;
    if (date.getUTCFullYear() === 2024) datedFrom2024 += amount;
    rows.push({ fitid: `F${i}`, date: date.toISOString().slice(0, 10).replaceAll('-', ''), amount: centsToDecimalString(amount), name: `Shop ${i % 97}` });
  }
  return { text: bankOfx(rows, centsToDecimalString(total)), total, datedFrom2024 };
}

async function openAccount(user: SignedUpUser, balance: number, startDate: string): Promise<string> {
  const made = await t.http.post(
    'institution',
    { institution: { name: 'Bank' }, accounts: [{ name: 'Checking', balance, type: 'depository', subtype: 'checking', tracking: 'Transactions' }], startDate },
    user.access,
  );
  if (made.status !== 201) throw new Error(made.body);
  return made.json().data.accounts[0].id as string;
}

/** B records a purchase of 1.00; answers its status and B's account balance in the answer. */
async function bRecords(): Promise<{ status: number; balance: number }> {
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/v1/account/${accountB}/transactions`,
    headers: { authorization: `Bearer ${b.access}`, 'idempotency-key': randomUUID() },
    payload: { date: '2025-03-05', name: 'Bakery', amount: -1, principle: 0, categories: [{ categoryId: groceriesB, amount: -1 }] },
  });
  return { status: answer.statusCode, balance: answer.json().acctBalances?.[0]?.balance as number };
}

/**
 * A's `work`, held in the middle of its write transaction, while B writes: the test holds A's
 * account row (`FOR UPDATE`), starts A's work, and waits — polled, generously bounded — until A's
 * transaction is blocked on that row, i.e. it has taken A's lock and appended, and is projecting.
 * Then B writes `times` times. Each of B's writes must answer in full while A's transaction is
 * provably still open (A cannot finish while the row is held); then the row is let go and A's work
 * must end as it would have. This shows by outcome, not by a stopwatch, that nothing of A's —
 * however long its transaction runs — holds up B.
 */
async function whileAIsMidWrite<T>(work: () => Promise<T>, times = 3): Promise<{ result: T; writes: Awaited<ReturnType<typeof bRecords>>[] }> {
  const holder = await t.db.pool.connect();
  try {
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM ledger_accounts WHERE id = $1 FOR UPDATE', [accountA]);
    const holderPid = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    let settled = false;
    const running = work().finally(() => (settled = true));
    await vi.waitFor(
      async () => {
        const { rows } = await t.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [holderPid]);
        expect(Number(rows[0]!.n), "A's write is not waiting inside its transaction yet").toBeGreaterThan(0);
      },
      { timeout: 60_000, interval: 50 },
    );
    const writes: Awaited<ReturnType<typeof bRecords>>[] = [];
    for (let i = 0; i < times; i++) writes.push(await bRecords());
    expect(settled, "A's write ended while its account row was held").toBe(false);
    await holder.query('COMMIT');
    return { result: await running, writes };
  } finally {
    await holder.query('ROLLBACK').catch(() => undefined);
    holder.release();
  }
}

beforeAll(async () => {
  t = await startApiTestApp();
  a = await signUp(t.http, t.mail, 'importer');
  b = await signUp(t.http, t.mail, 'bystander');
  accountA = await openAccount(a, 0, '2023-01-01');
  accountB = await openAccount(b, 100, '2025-01-01');
  const group = (await t.http.post('groups', { name: 'Daily', parentGroupId: null }, b.access)).json().data;
  groceriesB = (await t.http.post(`groups/${group.id}/categories`, { name: 'Groceries' }, b.access)).json().data.id;
}, 60_000);
afterAll(async () => t.close());

describe('one user’s import and start-date change never hold up another user’s writes', () => {
  test('given A imports 5,000 rows and then moves the start date, each held mid-transaction while B records, then every B write answers 201 with B’s new balance while A is still running, and A’s writes then end with their outcome in the read models', async () => {
    const file = bigFile();
    // B's balance in cents: opened at 100.00, 1.00 less with each write.
    let expectedB = 10_000;

    const imported = await whileAIsMidWrite(() =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/account/${accountA}/ofx`,
        headers: { authorization: `Bearer ${a.access}`, 'content-type': 'application/x-ofx', 'idempotency-key': randomUUID() },
        payload: file.text,
      }),
    );
    expect(imported.result.statusCode, imported.result.body.slice(0, 300)).toBe(201);
    const summary = imported.result.json().data;
    expect(summary).toMatchObject({ added: ROWS, updated: 0, unchanged: 0, balance: file.total / 100, balanceMatches: true });
    for (const write of imported.writes) {
      expectedB -= 100;
      expect(write.status).toBe(201);
      expect(parseDollars(write.balance)).toBe(expectedB);
    }

    const moved = await whileAIsMidWrite(() => t.http.patch(`account/${accountA}`, { startDate: '2024-01-01' }, a.access));
    expect(moved.result.status).toBe(200);
    for (const write of moved.writes) {
      expectedB -= 100;
      expect(write.status).toBe(201);
      expect(parseDollars(write.balance)).toBe(expectedB);
    }

    // A's move is in the read models: the balance is kept, and Unassigned now holds only the 2024 rows
    // (rows before an account's start date stay in its register but leave the budget).
    const register = (await t.http.get(`account/${accountA}/transactions?limit=1`, a.access)).json().data;
    expect(parseDollars(register.balance)).toBe(file.total);
    expect(register.transactionsCount).toBe(ROWS);
    const { rows } = await t.db.pool.query<{ cents: string }>(
      `SELECT b.balance_cents AS cents FROM ledger_category_balances b JOIN budget_categories c ON c.id = b.category_id
        WHERE c.type = 'UNASSIGNED' AND c.user_id = (SELECT user_id FROM ledger_accounts WHERE id = $1)`,
      [accountA],
    );
    expect(Number(rows[0]!.cents)).toBe(file.datedFrom2024);
    const bAccount = (await t.http.get(`account/${accountB}/transactions?limit=1`, b.access)).json().data;
    expect(parseDollars(bAccount.balance)).toBe(expectedB);
  }, 120_000);
});
