import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/** Category transfers over their lifetime, the rebalance register, funding plans and bills. */
let t: ApiTestApp;
let user: SignedUpUser;
let ids: Map<string, string>;
let accountId: string;

const cat = (name: string) => ids.get(name)!;
const tree = async () => (await t.http.get('groups', user.access)).json().data as { groups: { id: string; name: string }[]; categories: { id: string; name: string; balance: number; groupId: string }[] };
const balance = async (name: string) => (await tree()).categories.find((c) => c.id === cat(name))!.balance;
const move = (date: string, moves: [string, number][], extra: Record<string, unknown> = {}) => ({ date, type: 3, categories: moves.map(([n, amount]) => ({ categoryId: cat(n), amount })), ...extra });
const put = (path: string, body: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/${path}`, headers: { authorization: `Bearer ${user.access}` }, payload: body as object });

beforeAll(async () => {
  t = await startApiTestApp();
  t.clock.set(new Date('2025-08-14T12:00:00Z'));
  user = await signUp(t.http, t.mail, 'transfers');
  ids = new Map((await tree()).categories.map((c) => [c.name, c.id]));
  const institution = await t.http.post('institution', { institution: { name: 'Bank' }, accounts: [{ name: 'Checking', balance: 1000, tracking: 'Transactions' }], startDate: '2025-01-01' }, user.access);
  accountId = institution.json().data.accounts[0].id;
});
afterAll(async () => t.close());

describe('a rebalance over its lifetime', () => {
  let id: string;

  test('POST answers the touched balances and the full transaction', async () => {
    const response = await t.http.post('category-transfer', move('2025-08-02', [['Funding Pool', -100], ['Groceries', 60], ['Dining Out', 40]], { comment: 'split up' }), user.access);
    expect(response.status).toBe(201);
    const { balances, transaction } = response.json().data;
    expect(balances).toHaveLength(3);
    expect(transaction).toMatchObject({ type: 3, comment: 'split up', version: 0, accountTransaction: null, duplicateOfTransactionId: null });
    id = transaction.id;
  });

  test('PATCH with the version replaces the splits and bumps the version; a stale version is 409 and changes nothing', async () => {
    const patched = await t.http.patch(`category-transfer/${id}`, move('2025-08-03', [['Funding Pool', -100], ['Groceries', 100]], { version: 0 }), user.access);
    expect(patched.status).toBe(200);
    expect(patched.json().data.balances).toEqual(expect.arrayContaining([{ id: cat('Dining Out'), balance: 0 }, { id: cat('Groceries'), balance: 100 }]));
    expect(patched.json().data.transaction).toMatchObject({ version: 1, date: '2025-08-03', comment: 'split up' });
    const stale = await t.http.patch(`category-transfer/${id}`, move('2025-08-04', [['Funding Pool', -5], ['Groceries', 5]], { version: 0 }), user.access);
    expect(stale.status).toBe(409);
    expect(stale.json().errors[0].code).toBe('INCORRECT_VERSION');
    expect(await balance('Groceries')).toBe(100);
  });

  test('PATCH cannot turn it into funding, and refuses an unbalanced change', async () => {
    expect((await t.http.patch(`category-transfer/${id}`, { ...move('2025-08-03', [['Funding Pool', -1], ['Groceries', 1]]), type: 2 }, user.access)).json().errors[0].field).toBe('type');
    expect((await t.http.patch(`category-transfer/${id}`, move('2025-08-03', [['Groceries', 1]]), user.access)).status).toBe(422);
  });

  test('GET /rebalances lists it with the From/To transfers; DELETE /transaction reverses it and drops it from the list', async () => {
    await t.http.post('category-transfer', { date: '2025-08-09', categories: [{ categoryId: cat('Funding Pool'), amount: -7 }, { categoryId: cat('Gasoline'), amount: 7 }] }, user.access);
    const page = (await t.http.get('rebalances?offset=0&limit=30', user.access)).json().data;
    expect(page).toMatchObject({ balance: 0, transactionsCount: 2 });
    expect(page.transactions.map((tx: { date: string }) => tx.date)).toEqual(['2025-08-09', '2025-08-03']);
    expect((await t.http.delete(`transaction/${id}`, user.access)).status).toBe(200);
    expect(await balance('Groceries')).toBe(0);
    expect((await t.http.get('rebalances', user.access)).json().data.transactionsCount).toBe(1);
    expect((await t.http.patch(`category-transfer/${id}`, move('2025-08-03', [['Funding Pool', -1], ['Groceries', 1]]), user.access)).status).toBe(404);
  });

  test('GET /rebalances pages by 30, newest first, without repeating rows', async () => {
    for (let day = 1; day <= 31; day++) {
      await t.http.post('category-transfer', move(`2025-05-${String(day).padStart(2, '0')}`, [['Funding Pool', -1], ['Registration', 1]]), user.access);
    }
    const first = (await t.http.get('rebalances?offset=0&limit=30', user.access)).json().data.transactions as { id: string }[];
    const second = (await t.http.get('rebalances?offset=30&limit=30', user.access)).json().data.transactions as { id: string }[];
    expect(first).toHaveLength(30);
    expect(second).toHaveLength(2);
    expect(new Set([...first, ...second].map((tx) => tx.id)).size).toBe(32);
    expect((await t.http.get('rebalances', user.access)).json().data.transactions).toHaveLength(30);
    for (const query of ['offset=1e21', 'offset=-1', 'limit=0', 'limit=1001']) {
      expect((await t.http.get(`rebalances?${query}`, user.access)).status, query).toBe(422);
    }
  });

  test('a Fund save whose amounts are all 0 records nothing: 201 with the current balances and no transaction', async () => {
    const before = await balance('Groceries');
    const count = async () => (await t.http.get(`category/${cat('Groceries')}/transactions?pending=2`, user.access)).json();
    const register = await count();
    const zero = { categoryId: cat('Groceries'), amount: 0, baseAmount: 0, funder: false, fundingCategories: [], includeFundingTransfers: false };
    const pool = { categoryId: cat('Funding Pool'), amount: 0, baseAmount: 0, funder: true, fundingCategories: [], includeFundingTransfers: false };
    const response = await t.http.post('category-transfer', { date: '2025-08-01', type: 2, categories: [zero, pool] }, user.access);
    expect(response.status).toBe(201);
    expect(response.json().data).toEqual({ balances: expect.arrayContaining([{ id: cat('Groceries'), balance: before }]), transaction: null });
    expect(response.json().data.balances).toHaveLength(2);
    expect(await count()).toEqual(register);
  });
});

describe('funding plans and bills', () => {
  test('PUT /funding-plans/item sets the plan on the category and answers the bare category', async () => {
    const response = await put(`funding-plans/item/${cat('Electric')}`, { amount: 120, useGoal: true, goalDate: '2025-06-20', recurrence: 2 });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ id: cat('Electric'), fundingAmount: 120, useGoal: true, goalDate: '2025-06-20', recurrence: 2 });
    expect((await put(`funding-plans/item/${cat('Electric')}`, { amount: 1, recurrence: 0 })).statusCode).toBe(422);
  });

  test('GET /funding-plans?h=12 holds every plan item and a real 12-month funding history', async () => {
    await t.http.post('category-transfer', { date: '2025-07-01', type: 2, categories: [{ categoryId: cat('Groceries'), amount: 50, baseAmount: 50 }, { categoryId: cat('Funding Pool'), amount: -50, funder: true }] }, user.access);
    const plan = (await t.http.get('funding-plans?h=12', user.access)).json();
    expect(plan.id).toBe(0);
    expect(plan.categories.find((c: { categoryId: string }) => c.categoryId === cat('Electric'))).toEqual({ id: cat('Electric'), categoryId: cat('Electric'), amount: 120, useGoal: true, goalDate: '2025-06-20', recurrence: 2 });
    const groceries = plan.history.find((h: { categoryId: string }) => h.categoryId === cat('Groceries')).history;
    expect(groceries).toHaveLength(12);
    expect(groceries[0]).toEqual({ year: 2024, month: 9, amount: 0 });
    expect(groceries[10]).toEqual({ year: 2025, month: 7, amount: 50 });
    expect(plan.categories.some((c: { categoryId: string }) => c.categoryId === cat('Funding Pool'))).toBe(false);
  });

  test('GET /bills lists the bills by next due date with this month’s debits', async () => {
    const food = (await tree()).groups.find((g) => g.name === 'Food')!.id;
    const water = (await t.http.post(`groups/${food}/categories`, { name: 'Water', type: 'BILL', fundingAmount: 30, goalDate: '2025-09-05', recurrence: 1 }, user.access)).json().data.id;
    const phone = (await t.http.post(`groups/${food}/categories`, { name: 'Phone', type: 'BILL', fundingAmount: 45, goalDate: '2025-01-20', recurrence: 1, suspended: true }, user.access)).json().data.id;
    await t.http.post(`account/${accountId}/transactions`, { date: '2025-08-03', name: 'Phone co', amount: -45, categories: [{ categoryId: phone, amount: -45 }] }, user.access);
    await t.http.post(`account/${accountId}/transactions`, { date: '2025-07-03', name: 'Phone co', amount: -40, categories: [{ categoryId: phone, amount: -40 }] }, user.access);
    const bills = (await t.http.get('bills', user.access)).json();
    expect(bills).toEqual([
      { id: phone, name: 'Phone', fundingAmount: 45, goalDate: '2025-08-20', recurrence: 1, suspended: true, debits: -45 },
      { id: water, name: 'Water', fundingAmount: 30, goalDate: '2025-09-05', recurrence: 1, suspended: false, debits: null },
    ]);
  });

  test('suspended categories are proposed nothing; plain ones their funding amount', async () => {
    const proposed = (await t.http.get('funding-plans/proposed?date=2025-08-14', user.access)).json().data as { categoryId: string; amount: number }[];
    expect(proposed.find((p) => p.categoryId === cat('Gasoline'))).toMatchObject({ amount: 0, adjusted: false, adjustedReason: null, fundingCategories: [], includeFundingTransfers: true });
    expect((await t.http.get('funding-plans/proposed', user.access)).json().errors[0].message).toBe('A date must be specified.');
  });

  test('bad input is refused per field before any read: a bad date, a history out of range, a malformed plan item id', async () => {
    const badDate = await t.http.get('funding-plans/proposed?date=2025-02-30', user.access);
    expect([badDate.status, badDate.json().errors[0].field]).toEqual([422, 'date']);
    const history = await t.http.get('funding-plans?h=121', user.access);
    expect(history.json().errors[0]).toMatchObject({ field: 'h', message: 'The history must be a whole number of months from 1 to 120.' });
    expect((await t.http.get('funding-plans', user.access)).json().history[0].history).toHaveLength(12);
    expect((await put('funding-plans/item/not-an-id', { amount: 1, recurrence: 1 })).statusCode).toBe(404);
    const amount = await put(`funding-plans/item/${cat('Electric')}`, { amount: -1, recurrence: 1, goalDate: 'soon' });
    expect(amount.json().errors.map((e: { field: string }) => e.field)).toEqual(['amount', 'goalDate']);
  });
});
