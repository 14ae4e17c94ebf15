import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OpenOnlineInstitution, RecordBankFeed } from '@budget/contracts';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { PROGRESS_BACKFILL_SQL } from '@budget/reporting';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * Budget progress for our web client (docs/architecture.md §4.7) over HTTP, both projection modes:
 * `GET /reports/budget-progress/days` answers the spec route's days without ids (`funded`, and per
 * day `left` and `count`), `GET /reports/budget-progress/day` one day's ids; both follow what is
 * decided when a report is read (a category's type, an account's start date), answer only the
 * caller's rows, refuse bad input with 422 in the error format and carry the read routes' ETag.
 *
 * The budget (February 2025): Checking and Card (Transactions) and a Loan (Uncategorized), from 2025-01-01.
 *   F  02-01 funding Groceries +300, Dining Out +200 (funded 500)
 *   T1 02-03 Checking −40: Groceries −25, Dining Out −15 (two everyday categories: one transaction)
 *   T2 02-03 Card −10: Groceries
 *   T3 02-03 Checking −60: Electric, made a BILL (not everyday)
 *   T4 02-05 Checking −20: Dining Out −12, Account Transfer −8 (the System part is not everyday)
 *   T5 02-07 Loan −30: Groceries (an Uncategorized account: not counted)
 *   T6 02-09 Checking −5: Groceries, deleted
 *   R  02-10 rebalance Groceries −50 → Dining Out (never counted)
 */
describe.each(['inline', 'async'] as const)('budget progress days and day (%s projection)', (mode) => {
  let t: ApiTestApp;
  let user: SignedUpUser;
  let other: SignedUpUser;
  const cat = new Map<string, { id: string; groupId: string }>();
  const acct = new Map<string, string>();
  const tx = new Map<string, string>();

  const get = async (path: string, who: SignedUpUser = user, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/${path}`, headers: { authorization: `Bearer ${who.access}`, ...headers } });
    return { status: response.statusCode, etag: response.headers.etag as string | undefined, body: response.body ? JSON.parse(response.body) : null };
  };
  const ok = async (path: string, who: SignedUpUser = user) => {
    const { status, body } = await get(path, who);
    expect(status, `${path}: ${JSON.stringify(body)}`).toBe(200);
    return body;
  };
  const manual = async (account: string, date: string, amount: number, splits: [string, number][]) => {
    const response = await t.http.post(
      `account/${acct.get(account)}/transactions`,
      { date, name: 'Shop', amount, categories: splits.map(([c, a]) => ({ categoryId: cat.get(c)!.id, amount: a })) },
      user.access,
    );
    expect(response.status, response.body).toBe(201);
    return response.json().transaction.id as string;
  };
  const patchAccount = async (name: string, body: object) => expect((await t.http.patch(`account/${acct.get(name)}`, body, user.access)).status).toBe(200);
  const retype = async (name: string, type: string) => {
    const { id, groupId } = cat.get(name)!;
    const response = await t.http.patch(`groups/${groupId}/categories/${id}`, { type }, user.access);
    expect(response.status, response.body).toBe(200);
  };
  const sorted = (...names: string[]) => names.map((n) => tx.get(n)!).sort();

  beforeAll(async () => {
    t = await startApiTestApp(mode === 'async' ? { PROJECTION: 'async' } : {});
    user = await signUp(t.http, t.mail, `progress_days_${mode}`);
    other = await signUp(t.http, t.mail, `progress_days_other_${mode}`);
    for (const c of (await t.http.get('groups', user.access)).json().data.categories as { id: string; name: string; groupId: string }[]) {
      if (!cat.has(c.name)) cat.set(c.name, { id: c.id, groupId: c.groupId });
    }
    const opened = await t.http.post('institution', {
      institution: { name: 'Bank' }, startDate: '2025-01-01',
      accounts: [
        { name: 'Checking', balance: 1000, type: 'depository', subtype: 'checking', tracking: 'Transactions' },
        { name: 'Card', balance: 0, type: 'credit', subtype: 'credit card', tracking: 'Transactions' },
        { name: 'Loan', balance: -5000, type: 'loan', subtype: 'auto', tracking: 'Uncategorized Transactions' },
      ],
    }, user.access);
    expect(opened.status, opened.body).toBe(201);
    for (const a of opened.json().data.accounts as { id: string; name: string }[]) acct.set(a.name, a.id);
    // The other user has a row on the same day, in their own Groceries.
    const theirGroceries = ((await t.http.get('groups', other.access)).json().data.categories as { id: string; name: string }[]).find((c) => c.name === 'Groceries')!.id;
    const theirs = await t.http.post('institution', { institution: { name: 'Theirs' }, startDate: '2025-01-01', accounts: [{ name: 'Their checking', balance: 10, tracking: 'Transactions' }] }, other.access);
    const theirAccount = theirs.json().data.accounts[0].id as string;
    const their = await t.http.post(`account/${theirAccount}/transactions`, { date: '2025-02-03', name: 'Grocer', amount: -7, categories: [{ categoryId: theirGroceries, amount: -7 }] }, other.access);
    expect(their.status, their.body).toBe(201);
    tx.set('theirs', their.json().transaction.id);
    // A bill: its category's type (the starter Bills group is an ordinary group).
    await retype('Electric', 'BILL');

    const funding = await t.http.post('category-transfer', { date: '2025-02-01', type: 2, categories: [
      { categoryId: cat.get('Groceries')!.id, amount: 300, baseAmount: 300 }, { categoryId: cat.get('Dining Out')!.id, amount: 200, baseAmount: 200 },
      { categoryId: cat.get('Funding Pool')!.id, amount: -500, funder: true },
    ] }, user.access);
    expect(funding.status, funding.body).toBe(201);
    tx.set('T1', await manual('Checking', '2025-02-03', -40, [['Groceries', -25], ['Dining Out', -15]]));
    tx.set('T2', await manual('Card', '2025-02-03', -10, [['Groceries', -10]]));
    tx.set('T3', await manual('Checking', '2025-02-03', -60, [['Electric', -60]]));
    tx.set('T4', await manual('Checking', '2025-02-05', -20, [['Dining Out', -12], ['Account Transfer', -8]]));
    tx.set('T5', await manual('Loan', '2025-02-07', -30, [['Groceries', -30]]));
    tx.set('T6', await manual('Checking', '2025-02-09', -5, [['Groceries', -5]]));
    expect((await t.http.delete(`transaction/${tx.get('T6')}`, user.access)).status).toBe(200);
    const rebalance = await t.http.post('category-transfer', { date: '2025-02-10', categories: [
      { categoryId: cat.get('Groceries')!.id, amount: -50 }, { categoryId: cat.get('Dining Out')!.id, amount: 50 },
    ] }, user.access);
    expect(rebalance.status, rebalance.body).toBe(201);
  });
  afterAll(async () => t?.close());

  test('the days: the spec route\'s days and left, each day\'s count of its ids, and the month\'s funding; the day: exactly the spec route\'s ids', async () => {
    // The spec route's answer, exactly as its client reads it.
    expect(await ok('reports/budget-progress?m=2-2025')).toEqual([['2025-02-03', 450, sorted('T1', 'T2')], ['2025-02-05', 438, [tx.get('T4')]]]);
    expect(await ok('reports/budget-progress/days?m=2-2025')).toEqual({
      funded: 500,
      days: [{ date: '2025-02-03', left: 450, count: 2 }, { date: '2025-02-05', left: 438, count: 1 }],
    });
    expect(await ok('reports/budget-progress/day?date=2025-02-03')).toEqual({ date: '2025-02-03', ids: sorted('T1', 'T2') });
    expect(await ok('reports/budget-progress/day?date=2025-02-05')).toEqual({ date: '2025-02-05', ids: [tx.get('T4')] });
    // The Loan's row, the deleted row, the rebalance and the funding are no day's.
    for (const date of ['2025-02-01', '2025-02-07', '2025-02-09', '2025-02-10']) {
      expect(await ok(`reports/budget-progress/day?date=${date}`), date).toEqual({ date, ids: [] });
    }
    // A month without rows; the zero-padded month of the spec's client.
    expect(await ok('reports/budget-progress/days?m=3-2025')).toEqual({ funded: 0, days: [] });
    expect(await ok('reports/budget-progress/days?m=02-2025')).toEqual(await ok('reports/budget-progress/days?m=2-2025'));
  });

  test('what counts is decided when the report is read: a category that becomes a bill, an account whose start date moves', async () => {
    await retype('Dining Out', 'BILL');
    // Groceries alone: funded 300; T1 still counts (its Groceries part), T4 has no everyday part left.
    expect(await ok('reports/budget-progress/days?m=2-2025')).toEqual({ funded: 300, days: [{ date: '2025-02-03', left: 265, count: 2 }] });
    expect(await ok('reports/budget-progress?m=2-2025')).toEqual([['2025-02-03', 265, sorted('T1', 'T2')]]);
    expect((await ok('reports/budget-progress/day?date=2025-02-05')).ids).toEqual([]);
    await retype('Dining Out', 'REGULAR');

    await patchAccount('Card', { startDate: '2025-02-04', tracking: 'Transactions' });
    expect(await ok('reports/budget-progress/days?m=2-2025')).toEqual({
      funded: 500,
      days: [{ date: '2025-02-03', left: 460, count: 1 }, { date: '2025-02-05', left: 448, count: 1 }],
    });
    expect((await ok('reports/budget-progress/day?date=2025-02-03')).ids).toEqual([tx.get('T1')]);
    await patchAccount('Card', { startDate: '2025-01-01', tracking: 'Balances' });
    expect((await ok('reports/budget-progress/days?m=2-2025')).days[0]).toEqual({ date: '2025-02-03', left: 460, count: 1 });
    await patchAccount('Card', { startDate: '2025-01-01', tracking: 'Transactions' });
    expect((await ok('reports/budget-progress/days?m=2-2025')).days[0]).toEqual({ date: '2025-02-03', left: 450, count: 2 });
  });

  test("one user never sees another's: the same day answers each their own ids", async () => {
    const mine = await ok('reports/budget-progress/day?date=2025-02-03');
    expect(mine.ids).not.toContain(tx.get('theirs'));
    expect(await ok('reports/budget-progress/day?date=2025-02-03', other)).toEqual({ date: '2025-02-03', ids: [tx.get('theirs')] });
    expect(await ok('reports/budget-progress/days?m=2-2025', other)).toEqual({ funded: 0, days: [{ date: '2025-02-03', left: -7, count: 1 }] });
    expect((await get('reports/budget-progress/days?m=2-2025', { ...user, access: 'not-a-token' })).status).toBe(401);
  });

  test('bad input answers 422 in the error format, naming the field', async () => {
    const refused = async (path: string, field: string, message: string) => {
      const { status, body } = await get(path);
      expect(status, path).toBe(422);
      expect(body.errors[0], path).toMatchObject({ field, message });
    };
    const month = 'The month must be given as M-YYYY, e.g. 3-2026.';
    await refused('reports/budget-progress/days?m=13-2025', 'm', month);
    await refused('reports/budget-progress/days', 'm', month);
    await refused(`reports/budget-progress/days?m=${encodeURIComponent("2-2025' OR '1'='1")}`, 'm', month);
    const day = 'A valid date must be provided as YYYY-MM-DD.';
    await refused('reports/budget-progress/day?date=2025-02-30', 'date', day);
    await refused('reports/budget-progress/day', 'date', day);
    await refused(`reports/budget-progress/day?date=${encodeURIComponent("2025-02-03'; DROP TABLE reporting_progress_days; --")}`, 'date', day);
    await refused('reports/budget-progress/day?date=1899-12-31', 'date', 'The date must be between 1900-01-01 and 2199-12-31.');
  });

  test('both answer a weak ETag, 304 to a matching If-None-Match, and a new tag after a write', async () => {
    for (const path of ['reports/budget-progress/days?m=2-2025', 'reports/budget-progress/day?date=2025-02-03']) {
      const first = await get(path);
      expect(first.status).toBe(200);
      expect(first.etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
      expect((await get(path, user, { 'if-none-match': first.etag! })).status, path).toBe(304);
    }
    const before = await get('reports/budget-progress/days?m=2-2025');
    const id = await manual('Checking', '2025-02-03', -1, [['Groceries', -1]]);
    const after = await get('reports/budget-progress/days?m=2-2025', user, { 'if-none-match': before.etag! });
    expect(after.status).toBe(200);
    expect(after.body.days[0]).toEqual({ date: '2025-02-03', left: 449, count: 3 });
    expect((await t.http.delete(`transaction/${id}`, user.access)).status).toBe(200);
  });

  test('a day of more than 500 rows: the day answers every id, and GET /transactions?t= gives them all in chunks of 500', async () => {
    const userId = JSON.parse(Buffer.from(user.access.split('.')[1]!, 'base64url').toString()).sub as string;
    const institutionId = randomUUID();
    await t.app.get(CommandBus).execute(new OpenOnlineInstitution(userId, institutionId, 'Online', 'ins_1', '2025-01-01', [
      { plaidAccountId: 'plaid-many', name: 'Linked', officialName: null, mask: null, plaidType: 'depository', plaidSubtype: 'checking', tracking: null, balanceCents: 0 },
    ]));
    const rows = Array.from({ length: 501 }, (_, i) => ({
      plaidAccountId: 'plaid-many', transactionId: `many-${i}`, pendingTransactionId: null, date: '2025-04-15', name: `Shop ${i}`, amountCents: -100, pending: false,
    }));
    await t.app.get(CommandBus).execute(new RecordBankFeed(userId, institutionId, rows, []));
    const linked = async () => (await t.db.pool.query<{ id: string }>(
      "SELECT t.id FROM ledger_transactions t JOIN ledger_accounts a ON a.id = t.account_id WHERE a.user_id = $1 AND a.name = 'Linked' AND t.type = 0 AND NOT t.deleted", [userId])).rows.map((r) => r.id);
    await expect.poll(async () => (await linked()).length, { timeout: 60_000 }).toBe(501);
    const ids = await linked();
    for (const chunk of [ids.slice(0, 500), ids.slice(500)]) {
      const response = await t.http.post('transactions/bulk', { action: 'categorise', ids: chunk, categoryId: cat.get('Groceries')!.id }, user.access);
      expect([200, 202], response.body).toContain(response.status);
    }
    await expect.poll(() => ok('reports/budget-progress/days?m=4-2025'), { timeout: 60_000 }).toEqual({ funded: 0, days: [{ date: '2025-04-15', left: -501, count: 501 }] });
    const day = await ok('reports/budget-progress/day?date=2025-04-15');
    expect(day.ids).toEqual([...ids].sort());
    const got: string[] = [];
    for (let at = 0; at < day.ids.length; at += 500) {
      const t500 = day.ids.slice(at, at + 500).map((id: string) => `t=${id}`).join('&');
      got.push(...(await ok(`transactions?${t500}`)).data.transactions.map((r: { id: string }) => r.id));
    }
    expect(got.sort()).toEqual([...ids].sort());
  });

  test("the migration's backfill (reporting-005) makes from the lines exactly the sums the projection kept", async () => {
    const tables = ['reporting_progress_days', 'reporting_progress_sets'];
    const snapshot = async () => Promise.all(tables.map(async (table) => (await t.db.pool.query(`SELECT * FROM ${table} AS row ORDER BY row::text`)).rows));
    await t.pauseProjector();
    const live = await snapshot();
    expect(live[0]!.length).toBeGreaterThan(5);
    expect(live[1]!.length).toBeGreaterThan(3);
    const client = await t.db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`TRUNCATE ${tables.join(', ')}`);
      await client.query(PROGRESS_BACKFILL_SQL);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(await snapshot()).toEqual(live);
    await t.resumeProjector();
  });
});
