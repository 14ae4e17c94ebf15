import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OpenOnlineInstitution, RecordBankFeed } from '@budget/contracts';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { rebuildReadModels } from '@budget/platform';
import { reportingTables } from '@budget/reporting';
import { readModelProjections } from '../read-model-projections.js';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * The six reports over HTTP on a small hand-computed budget (contracts reporting/reports.ts says
 * what each counts; docs/spec/server-behaviour.md §4.6 what the original did), in both projection
 * modes, ending in rebuild = live for the reporting tables.
 *
 * The budget (2025): Checking (1,000.00 opening), Card (0) and a Loan (−5,000.00, Uncategorized)
 * from 2025-01-01, an Invest account tracked by balances, and a linked Bank Checking (0) with one
 * pending and one posted bank row.
 *   T1 Checking 01-05 Grocer −100 → Groceries
 *   T2 Checking 01-20 Employer +2,000 → Unassigned (no splits given)
 *   T3 Checking 02-03 Card payment −300 → Account Transfer; Card 02-03 Payment +300 → Account Transfer
 *   T4 Checking 02-10 Diner −50 → Dining Out −30, Account Transfer −20
 *   T5 Card 02-12 Grocer −80 → Groceries, then edited to −90 on 03-01 → Dining Out
 *   T6 Checking 03-05 Grocer −40 → Groceries, then deleted
 *   T7 Loan 02-01 Loan payment +500, principle 400
 *   F1 funding 02-01: Groceries +300, Dining Out +200 from the Funding Pool; R1 rebalance 02-05 Groceries −50 → Dining Out
 *   Invest balances 01-10 2,000 and 02-15 2,500; bank rows B1 02-20 Coffee −5 pending, B2 02-21 Book −15 (in store)
 */
describe.each(['inline', 'async'] as const)('reports (%s projection)', (mode) => {
  let t: ApiTestApp;
  let user: SignedUpUser;
  let other: SignedUpUser;
  const cat = new Map<string, string>();
  const acct = new Map<string, string>();
  const tx = new Map<string, string>();
  let otherAccount: string;
  let otherCategory: string;

  const get = async (path: string, who: SignedUpUser = user) => {
    const response = await t.http.get(path, who.access);
    return { status: response.status, body: response.json() };
  };
  const ok = async (path: string) => {
    const { status, body } = await get(path);
    expect(status, `${path}: ${JSON.stringify(body)}`).toBe(200);
    return body;
  };
  const manual = async (account: string, date: string, name: string, amount: number, splits: [string, number][] = [], principle?: number) => {
    const response = await t.http.post(
      `account/${acct.get(account)}/transactions`,
      { date, name, amount, ...(principle !== undefined && { principle }), categories: splits.map(([c, a]) => ({ categoryId: cat.get(c), amount: a })) },
      user.access,
    );
    expect(response.status, response.body).toBe(201);
    return response.json().transaction.id as string;
  };
  const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    for (let i = 0; i < 100; i++) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return read();
  };

  beforeAll(async () => {
    t = await startApiTestApp(mode === 'async' ? { PROJECTION: 'async' } : {});
    user = await signUp(t.http, t.mail, `reports_${mode}`);
    other = await signUp(t.http, t.mail, `reports_other_${mode}`);
    for (const c of (await t.http.get('groups', user.access)).json().data.categories as { id: string; name: string }[]) if (!cat.has(c.name)) cat.set(c.name, c.id);
    otherCategory = ((await t.http.get('groups', other.access)).json().data.categories as { id: string; name: string }[]).find((c) => c.name === 'Groceries')!.id;
    const opened = await t.http.post(
      'institution',
      {
        institution: { name: 'Bank' },
        accounts: [
          { name: 'Checking', balance: 1000, type: 'depository', subtype: 'checking', tracking: 'Transactions' },
          { name: 'Card', balance: 0, type: 'credit', subtype: 'credit card', tracking: 'Transactions' },
          { name: 'Loan', balance: -5000, type: 'loan', subtype: 'auto', tracking: 'Uncategorized Transactions' },
          { name: 'Invest', balance: 0, type: 'investment', subtype: 'brokerage', tracking: 'Balances' },
        ],
        startDate: '2025-01-01',
      },
      user.access,
    );
    expect(opened.status, opened.body).toBe(201);
    for (const a of opened.json().data.accounts as { id: string; name: string }[]) acct.set(a.name, a.id);
    const theirs = await t.http.post('institution', { institution: { name: 'Theirs' }, accounts: [{ name: 'Their checking', balance: 10, tracking: 'Transactions' }], startDate: '2025-01-01' }, other.access);
    otherAccount = theirs.json().data.accounts[0].id;
    await t.http.post(`account/${otherAccount}/transactions`, { date: '2025-02-10', name: 'Grocer', amount: -7, categories: [{ categoryId: otherCategory, amount: -7 }] }, other.access);

    tx.set('T1', await manual('Checking', '2025-01-05', 'Grocer', -100, [['Groceries', -100]]));
    tx.set('T2', await manual('Checking', '2025-01-20', 'Employer', 2000));
    tx.set('T3a', await manual('Checking', '2025-02-03', 'Card payment', -300, [['Account Transfer', -300]]));
    tx.set('T3b', await manual('Card', '2025-02-03', 'Payment', 300, [['Account Transfer', 300]]));
    tx.set('T4', await manual('Checking', '2025-02-10', 'Diner', -50, [['Dining Out', -30], ['Account Transfer', -20]]));
    tx.set('T5', await manual('Card', '2025-02-12', 'Grocer', -80, [['Groceries', -80]]));
    tx.set('T6', await manual('Checking', '2025-03-05', 'Grocer', -40, [['Groceries', -40]]));
    tx.set('T7', await manual('Loan', '2025-02-01', 'Loan payment', 500, [], 400));
    const edited = await t.http.patch(`transaction/${tx.get('T5')}`, { version: 0, date: '2025-03-01', amount: -90, categories: [{ categoryId: cat.get('Dining Out'), amount: -90 }] }, user.access);
    expect(edited.status, edited.body).toBe(200);
    expect((await t.http.delete(`transaction/${tx.get('T6')}`, user.access)).status).toBe(200);
    const funding = await t.http.post(
      'category-transfer',
      { date: '2025-02-01', type: 2, categories: [
        { categoryId: cat.get('Groceries'), amount: 300, baseAmount: 300 }, { categoryId: cat.get('Dining Out'), amount: 200, baseAmount: 200 },
        { categoryId: cat.get('Funding Pool'), amount: -500, funder: true }] },
      user.access,
    );
    expect(funding.status, funding.body).toBe(201);
    const rebalance = await t.http.post('category-transfer', { date: '2025-02-05', categories: [{ categoryId: cat.get('Groceries'), amount: -50 }, { categoryId: cat.get('Dining Out'), amount: 50 }] }, user.access);
    expect(rebalance.status, rebalance.body).toBe(201);
    for (const [date, amount] of [['2025-01-10', 2000], ['2025-02-15', 2500]] as const) {
      expect((await t.http.post(`account/${acct.get('Invest')}/balances`, { date, amount }, user.access)).status).toBe(201);
    }
    // A linked bank with a pending and a posted row, through the ledger's commands as a sync sends them.
    const commands = t.app.get(CommandBus);
    const userId = JSON.parse(Buffer.from(user.access.split('.')[1]!, 'base64url').toString()).sub as string;
    const institutionId = randomUUID();
    await commands.execute(new OpenOnlineInstitution(userId, institutionId, 'Online Bank', 'ins_1', '2025-01-01', [
      { plaidAccountId: 'plaid-chk', name: 'Bank Checking', officialName: null, mask: null, plaidType: 'depository', plaidSubtype: 'checking', tracking: null, balanceCents: 0 },
    ]));
    await commands.execute(new RecordBankFeed(userId, institutionId, [
      { plaidAccountId: 'plaid-chk', transactionId: 'b1', pendingTransactionId: null, date: '2025-02-20', name: 'Coffee', amountCents: -500, pending: true },
      { plaidAccountId: 'plaid-chk', transactionId: 'b2', pendingTransactionId: null, date: '2025-02-21', name: 'Book', amountCents: -1500, pending: false, paymentChannel: 'in store' },
    ], []));
    await eventually(() => get('reports/payee?startDate=2025-01-01&endDate=2025-03-31'), (r) => (r.body as { name: string }[]).some((row) => row.name === 'Book'));
  });
  afterAll(async () => t?.close());

  test('payee: posted, live bank and manual rows by payee less their Account Transfer part, transfers left out, edges read day by day, filters by account and channel', async () => {
    const row = (name: string, sum: number, count = 1, paymentChannel = 'unknown') => ({ name, paymentChannel, count, sum });
    const all = await ok('reports/payee?startDate=2025-01-01&endDate=2025-03-31');
    // T3a/T3b, a card payment wholly in Account Transfer on both sides, is a transfer between the
    // user's accounts, no payee's; Diner counts without its 20.00 in Account Transfer (README "Transfer pairs").
    expect(all).toEqual([
      row('Book', -15, 1, 'in store'), row('Diner', -30), row('Employer', 2000),
      row('Grocer', -190, 2), row('Loan payment', 500),
    ].map((r, i) => ({ rowNumber: i + 1, ...r })));
    // Partial January and March, whole February: the edited T5 (now 03-01) has left the range.
    const mid = await ok('reports/payee?startDate=2025-01-15&endDate=2025-02-28');
    expect(mid.map((r: { name: string; sum: number }) => [r.name, r.sum])).toEqual([
      ['Book', -15], ['Diner', -30], ['Employer', 2000], ['Loan payment', 500],
    ]);
    const inside = await ok('reports/payee?startDate=2025-02-02&endDate=2025-02-11');
    expect(inside.map((r: { name: string; sum: number }) => [r.name, r.sum])).toEqual([['Diner', -30]]);
    const checking = await ok(`reports/payee?startDate=2025-01-01&endDate=2025-03-31&a=${acct.get('Checking')}&pc=unknown`);
    expect(checking.map((r: { name: string; sum: number; count: number }) => [r.name, r.sum, r.count])).toEqual([
      ['Diner', -30, 1], ['Employer', 2000, 1], ['Grocer', -100, 1],
    ]);
    expect(await ok(`reports/payee?a=${acct.get('Checking')}&a=${acct.get('Card')}&pc=online&pc=instore`)).toEqual([]);
    // Plaid's payment channel travels with the bank row (server-behaviour §4.6 payee): one value alone is mapped too.
    expect(await ok('reports/payee?pc=instore')).toEqual([{ rowNumber: 1, ...row('Book', -15, 1, 'in store') }]);
  });

  test('category: lines of bank and manual rows of Transactions accounts, pending included, deleted and transfers of type 3 left out', async () => {
    const all = await ok('reports/category?startDate=2025-01-01&endDate=2025-03-31');
    expect(all).toEqual([
      { rowNumber: 1, groupName: 'Food', categoryName: 'Dining Out', sum: -120, count: 2 },
      { rowNumber: 2, groupName: 'Food', categoryName: 'Groceries', sum: -100, count: 1 },
      { rowNumber: 3, groupName: 'System', categoryName: 'Account Transfer', sum: -20, count: 3 },
      { rowNumber: 4, groupName: 'System', categoryName: 'Unassigned', sum: 1980, count: 3 },
    ]);
    const groceries = await ok(`reports/category?startDate=2025-01-06&endDate=2025-03-31&c=${cat.get('Groceries')}&c=${cat.get('Dining Out')}`);
    expect(groceries).toEqual([{ rowNumber: 1, groupName: 'Food', categoryName: 'Dining Out', sum: -120, count: 2 }]);
  });

  test('income vs expenses: posted rows of Transactions accounts per month, the Account Transfer part in neither', async () => {
    expect(await ok('reports/income-vs-expenses?startDate=2025-01-01&endDate=2025-03-31')).toEqual([
      ['2025-01', 2000, -100, 1900],
      ['2025-02', 0, -45, -45],
      ['2025-03', 0, -90, -90],
    ]);
    expect(await ok('reports/income-vs-expenses?startDate=2025-01-06&endDate=2025-02-28')).toEqual([['2025-01', 2000, 0, 2000], ['2025-02', 0, -45, -45]]);
  });

  test('funding history: each category but the Funding Pool with its 12 months of fundings', async () => {
    const rows = (await ok('reports/funding-history?endDate=2025-03-31')) as { categoryName: string; groupName: string; history: unknown }[];
    expect(rows.some((r) => r.categoryName === 'Funding Pool')).toBe(false);
    const find = (group: string, name: string) => rows.find((r) => r.groupName === group && r.categoryName === name)!;
    expect(find('Food', 'Groceries')).toMatchObject({ categoryId: cat.get('Groceries'), groupType: 'REGULAR', history: [{ year: 2025, month: 2, amount: 300 }] });
    expect(find('Food', 'Dining Out').history).toEqual([{ year: 2025, month: 2, amount: 200 }]);
    expect(find('System', 'Unassigned').history).toBeNull();
    expect(rows.map((r) => `${r.groupName}/${r.categoryName}`)).toEqual([...rows.map((r) => `${r.groupName}/${r.categoryName}`)].sort());
    // Twelve months ending with January 2026: February 2025 is outside.
    const later = (await ok('reports/funding-history?endDate=2026-02-01')) as { categoryName: string; history: unknown }[];
    expect(later.find((r) => r.categoryName === 'Groceries')!.history).toBeNull();
  });

  test('budget progress: the month funding of everyday categories, then what is left after each day', async () => {
    expect(await ok('reports/budget-progress?m=2-2025')).toEqual([['2025-02-10', 470, [tx.get('T4')]]]);
    expect(await ok('reports/budget-progress?m=03-2025')).toEqual([['2025-03-01', -90, [tx.get('T5')]]]);
    expect(await ok('reports/budget-progress?m=1-2025')).toEqual([['2025-01-05', -100, [tx.get('T1')]]]);
    expect(await ok('reports/budget-progress?m=4-2025')).toEqual([]);
  });

  test('net worth: per account type, day by day over three months, balances from history for Balances accounts', async () => {
    const table = (await ok('reports/networth?startDate=2025-01-01&endDate=2025-03-31')) as (string | number)[][];
    expect(table[0]).toEqual(['date', 'Depository', 'Credit', 'Loan', 'Investment']);
    expect(table).toHaveLength(91);
    const on = (day: string) => table.find((r) => r[0] === day);
    expect(on('2025-01-01')).toEqual(['2025-01-01', 1000, 0, -5000, 0]);
    expect(on('2025-01-05')).toEqual(['2025-01-05', 900, 0, -5000, 0]);
    expect(on('2025-01-10')).toEqual(['2025-01-10', 900, 0, -5000, 2000]);
    expect(on('2025-01-31')).toEqual(['2025-01-31', 2900, 0, -5000, 2000]);
    expect(on('2025-02-01')).toEqual(['2025-02-01', 2900, 0, -4600, 2000]);
    expect(on('2025-02-03')).toEqual(['2025-02-03', 2600, 300, -4600, 2000]);
    expect(on('2025-02-20')).toEqual(['2025-02-20', 2550, 300, -4600, 2500]);
    expect(on('2025-02-21')).toEqual(['2025-02-21', 2535, 300, -4600, 2500]);
    expect(on('2025-03-31')).toEqual(['2025-03-31', 2535, 210, -4600, 2500]);
    // Fifteen months: weekly buckets, each dated by its Sunday, the last by the range's end.
    const weekly = (await ok('reports/networth?startDate=2024-01-01&endDate=2025-03-31')) as (string | number)[][];
    expect(weekly[1]).toEqual(['2024-01-07', 1000, 0, -5000, 0]);
    expect(weekly.find((r) => r[0] === '2025-01-05')).toEqual(['2025-01-05', 900, 0, -5000, 0]);
    expect(weekly.at(-1)).toEqual(['2025-03-31', 2535, 210, -4600, 2500]);
    expect(weekly.slice(1, -1).every((r) => new Date(`${r[0]}T00:00:00Z`).getUTCDay() === 0)).toBe(true);

    // The user's first day of the week: Sunday-start weeks end on Saturdays, and each bucket holds
    // exactly the balance the day report gives for its last day.
    const sundayWeeks = (await ok('reports/networth?startDate=2024-01-01&endDate=2025-03-31&weekStart=0')) as (string | number)[][];
    const middle = sundayWeeks.slice(1, -1);
    expect(middle.length).toBeGreaterThan(50);
    expect(middle.every((r) => new Date(`${r[0]}T00:00:00Z`).getUTCDay() === 6)).toBe(true);
    expect(sundayWeeks.at(-1)).toEqual(weekly.at(-1));
    for (const row of [middle[0]!, middle[52]!, middle.at(-1)!]) {
      const day = (await ok(`reports/networth?startDate=${String(row[0])}&endDate=${String(row[0])}`)) as (string | number)[][];
      expect(day[1]).toEqual(row);
    }
    expect(await ok('reports/networth?startDate=2024-01-01&endDate=2025-03-31&weekStart=1')).toEqual(weekly);
  });

  test('tracking: an account that leaves the budget leaves the category and income reports; a Balances account counts its history', async () => {
    const card = acct.get('Card')!;
    expect((await t.http.patch(`account/${card}`, { startDate: '2025-01-01', tracking: 'Uncategorized Transactions' }, user.access)).status).toBe(200);
    expect((await ok('reports/category?startDate=2025-01-01&endDate=2025-03-31')).map((r: { categoryName: string; sum: number; count: number }) => [r.categoryName, r.sum, r.count])).toEqual([
      ['Dining Out', -30, 1], ['Groceries', -100, 1], ['Account Transfer', -320, 2], ['Unassigned', 1980, 3],
    ]);
    expect(await ok('reports/income-vs-expenses?startDate=2025-01-01&endDate=2025-03-31')).toEqual([['2025-01', 2000, -100, 1900], ['2025-02', 0, -45, -45]]);
    expect((await ok('reports/networth?startDate=2025-03-31&endDate=2025-03-31')).at(-1)).toEqual(['2025-03-31', 2535, 210, -4600, 2500]);
    expect((await t.http.patch(`account/${card}`, { startDate: '2025-01-01', tracking: 'Balances' }, user.access)).status).toBe(200);
    expect((await ok('reports/networth?startDate=2025-03-31&endDate=2025-03-31')).at(-1)).toEqual(['2025-03-31', 2535, 0, -4600, 2500]);
    expect((await ok('reports/category?startDate=2025-01-01&endDate=2025-03-31&c=' + cat.get('Dining Out')))[0]).toMatchObject({ sum: -30, count: 1 });
    expect((await t.http.patch(`account/${card}`, { startDate: '2025-01-01', tracking: 'Transactions' }, user.access)).status).toBe(200);
    expect((await ok('reports/category?startDate=2025-01-01&endDate=2025-03-31&c=' + cat.get('Dining Out')))[0]).toMatchObject({ sum: -120, count: 2 });
    expect((await ok('reports/income-vs-expenses?startDate=2025-03-01&endDate=2025-03-31'))).toEqual([['2025-03', 0, -90, -90]]);
  });

  test('start date: rows dated before an account starts leave the category and income reports; its balance is counted from the new start', async () => {
    const checking = acct.get('Checking')!;
    expect((await t.http.patch(`account/${checking}`, { startDate: '2025-01-10', tracking: 'Transactions' }, user.access)).status).toBe(200);
    expect((await ok(`reports/category?startDate=2025-01-01&endDate=2025-03-31&c=${cat.get('Groceries')}`))).toEqual([]);
    expect((await ok('reports/income-vs-expenses?startDate=2025-01-01&endDate=2025-01-31'))).toEqual([['2025-01', 2000, 0, 2000]]);
    const table = (await ok('reports/networth?startDate=2025-01-01&endDate=2025-03-31')) as (string | number)[][];
    expect(table.find((r) => r[0] === '2025-01-05')![1]).toBe(900);
    expect(table.at(-1)![1]).toBe(2535);
    expect((await ok('reports/budget-progress?m=1-2025'))).toEqual([]);
  });

  test("another user's ids and injected text match nothing or answer 422; bad dates and months answer 422 with a message", async () => {
    expect(await ok(`reports/payee?a=${otherAccount}`)).toEqual([]);
    expect(await ok(`reports/category?c=${otherCategory}`)).toEqual([]);
    expect((await get(`reports/category?c=${otherCategory}`, other)).body).toEqual([{ rowNumber: 1, groupName: 'Food', categoryName: 'Groceries', sum: -7, count: 1 }]);
    const refused = async (path: string, field: string, message: string) => {
      const { status, body } = await get(path);
      expect(status, path).toBe(422);
      expect(body.errors[0], path).toMatchObject({ field, message });
    };
    await refused(`reports/payee?startDate=${encodeURIComponent("2025-01-01'; DROP TABLE reporting_facts; --")}`, 'startDate', 'A valid start date must be provided.');
    await refused(`reports/payee?a=${encodeURIComponent('1 OR 1=1')}`, 'a', 'Each account (a) must be a valid id.');
    await refused(`reports/payee?pc=${encodeURIComponent("instore' OR '1'='1")}`, 'pc', 'Each pc must be instore, online, other or unknown.');
    await refused(`reports/category?c=${encodeURIComponent("x'); DROP TABLE budget_categories; --")}`, 'c', 'Each category (c) must be a valid id.');
    await refused('reports/networth?startDate=2025-02-30', 'startDate', 'A valid start date must be provided.');
    await refused('reports/income-vs-expenses?endDate=yesterday', 'endDate', 'A valid end date must be provided.');
    await refused('reports/funding-history?startDate=2025-03-01&endDate=2025-02-01', 'endDate', 'The end date must not be before the start date.');
    await refused('reports/budget-progress?m=13-2025', 'm', 'The month must be given as M-YYYY, e.g. 3-2026.');
    await refused('reports/budget-progress', 'm', 'The month must be given as M-YYYY, e.g. 3-2026.');
    expect((await get('reports/unknown')).status).toBe(404);
    expect((await ok('reports/payee?startDate=2025-01-01&endDate=2025-03-31')).length).toBeGreaterThan(0);
  });

  test('a rebuild from the log gives the same reporting rows as the live projection', async () => {
    const snapshot = async () => {
      const out: Record<string, unknown[]> = {};
      for (const table of reportingTables) out[table] = (await t.db.pool.query(`SELECT * FROM ${table} AS row ORDER BY row::text`)).rows;
      return out;
    };
    const live = await snapshot();
    expect(live.reporting_facts!.length).toBeGreaterThan(10);
    await t.pauseProjector();
    await rebuildReadModels({ pool: t.db.pool, store: t.store, projections: readModelProjections });
    expect(await snapshot()).toEqual(live);
    await t.resumeProjector();
  });
});
