import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { buildFunding, FULL_PERCENT, type FundingLine } from '@budget/money';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/** server-behaviour §8 rules 12–18 and the two guard rules, each with its worked example, over HTTP. */
let t: ApiTestApp;
let user: SignedUpUser;
let ids: Map<string, string>;
let accountId: string;

const cat = (name: string) => ids.get(name)!;
const groups = async () => (await t.http.get('groups', user.access)).json().data as { groups: { id: string; name: string }[]; categories: { id: string; name: string; balance: number; groupId: string }[] };
const balance = async (name: string) => (await groups()).categories.find((c) => c.id === cat(name))!.balance;
const addCategory = async (name: string, body: Record<string, unknown> = {}) => {
  const food = (await groups()).groups.find((g) => g.name === 'Food')!.id;
  const created = (await t.http.post(`groups/${food}/categories`, { name, ...body }, user.access)).json().data;
  ids.set(name, created.id);
};
const manual = (date: string, amount: number, category: string) =>
  t.http.post(`account/${accountId}/transactions`, { date, name: 'Shop', amount, categories: [{ categoryId: cat(category), amount }] }, user.access);
const dollars = (cents: number) => cents / 100;
/** The funding dialog's request, built with the shared spread of libs/money (cents inside, dollars on the wire). */
const fund = (date: string, lines: FundingLine[]) =>
  t.http.post(
    'category-transfer',
    {
      date,
      type: 2,
      categories: buildFunding(lines, cat('Funding Pool')).map((s) => ({
        ...s,
        amount: dollars(s.amount),
        baseAmount: dollars(s.baseAmount),
        fundingCategories: s.fundingCategories.map((f) => ({ ...f, amount: f.amount / 100 })),
      })),
    },
    user.access,
  );
const line = (name: string, cents: number, sources: FundingLine['sources'] = [], includeFundingTransfers = false): FundingLine => ({ categoryId: cat(name), base: cents, sources, includeFundingTransfers });
const rebalance = (date: string, moves: [string, number][], type: number | null = 3) =>
  t.http.post('category-transfer', { date, ...(type !== null && { type }), categories: moves.map(([n, amount]) => ({ categoryId: cat(n), amount })) }, user.access);

beforeAll(async () => {
  t = await startApiTestApp();
  t.clock.set(new Date('2025-08-14T12:00:00Z'));
});
afterAll(async () => t.close());
beforeEach(async () => {
  user = await signUp(t.http, t.mail, 'rules');
  ids = new Map((await groups()).categories.map((c) => [c.name, c.id]));
  const institution = await t.http.post('institution', { institution: { name: 'Bank' }, accounts: [{ name: 'Checking', balance: 10000, tracking: 'Transactions' }], startDate: '2025-01-01' }, user.access);
  accountId = institution.json().data.accounts[0].id;
});

describe('server-behaviour §8 rules 12–18', () => {
  test('12. funding is a zero-sum transfer of type 2: Groceries +400, Rent +1,200, Funding Pool −1,600 as the funder', async () => {
    await addCategory('Rent');
    const response = await fund('2025-08-01', [line('Groceries', 40000), line('Rent', 120000)]);
    expect(response.status).toBe(201);
    const { balances, transaction } = response.json().data;
    expect(balances).toEqual(expect.arrayContaining([{ id: cat('Groceries'), balance: 400 }, { id: cat('Rent'), balance: 1200 }, { id: cat('Funding Pool'), balance: 8400 }]));
    expect(transaction).toMatchObject({ type: 2, date: '2025-08-01', accountTransaction: null, version: 0 });
    expect(transaction.categories.find((c: { categoryId: string }) => c.categoryId === cat('Funding Pool'))).toMatchObject({ amount: -1600, funder: true, baseAmount: 0 });
  });

  test('13. fixed sources first, percentages of the rest, the last absorbing the cent: Bonus −100, Pool −200; 3 × 33.33 % of 1.00', async () => {
    for (const name of ['Vacation', 'Bonus', 'A', 'B', 'C', 'Gift']) await addCategory(name);
    await rebalance('2025-08-01', [['Funding Pool', -400], ['Bonus', 100], ['A', 100], ['B', 100], ['C', 100]]);
    await fund('2025-08-02', [line('Vacation', 30000, [{ categoryId: cat('Bonus'), amount: 10000, percentage: false }, { categoryId: cat('Funding Pool'), amount: FULL_PERCENT, percentage: true }])]);
    expect([await balance('Vacation'), await balance('Bonus'), await balance('Funding Pool')]).toEqual([300, 0, 9400]);
    const third = (name: string) => ({ categoryId: cat(name), amount: 3333, percentage: true });
    await fund('2025-08-03', [line('Gift', 100, [third('A'), third('B'), third('C')])]);
    expect([await balance('A'), await balance('B'), await balance('C'), await balance('Gift')]).toEqual([99.67, 99.67, 99.66, 1]);
  });

  test('14. a pass-through category: Savings (20) funds Vacation (50) → Vacation +50, Savings +20, Pool −70', async () => {
    await addCategory('Savings');
    await addCategory('Vacation');
    await fund('2025-08-01', [line('Savings', 2000, [], true), line('Vacation', 5000, [{ categoryId: cat('Savings'), amount: FULL_PERCENT, percentage: true }])]);
    expect([await balance('Vacation'), await balance('Savings'), await balance('Funding Pool')]).toEqual([50, 20, 9930]);
  });

  test('15. a rebalance sums to zero in cents: Dining −25 / Groceries +25 is taken, −25 / +20 is refused', async () => {
    expect((await rebalance('2025-08-05', [['Dining Out', -25], ['Groceries', 25]])).status).toBe(201);
    const refused = await rebalance('2025-08-05', [['Dining Out', -25], ['Groceries', 20]]);
    expect(refused.status).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({ field: 'categories', message: 'The sum of the adjustments must be zero.' });
    expect((await rebalance('', [['Dining Out', -1], ['Groceries', 1]])).json().errors[0].message).toBe('A date must be specified.');
    expect((await rebalance('2025-08-05', [])).json().errors[0].message).toBe('There must be at least one adjustment.');
    const transfer = await rebalance('2025-08-05', [['Dining Out', -10], ['Groceries', 9]], null);
    expect(transfer.json().errors[0].message).toBe('The sum of the From categories does not match the sum of the To categories.');
    expect([await balance('Dining Out'), await balance('Groceries')]).toEqual([-25, 25]);
  });

  test('16. balance as of a date: Groceries 120 with −30 on 07-12 and +200 funding on 07-15 → −50 on 07-10; editing that funding → −80', async () => {
    await manual('2025-07-01', -50, 'Groceries');
    await manual('2025-07-12', -30, 'Groceries');
    const funding = (await fund('2025-07-15', [line('Groceries', 20000)])).json().data.transaction.id;
    expect(await balance('Groceries')).toBe(120);
    const asOf = async (query: string) => ((await t.http.get(`category-balances?${query}`, user.access)).json() as { id: string; balance: number }[]).find((b) => b.id === cat('Groceries'))!.balance;
    expect(await asOf('date=2025-07-10')).toBe(-50);
    expect(await asOf(`date=2025-07-20&id=${funding}`)).toBe(-80);
  });

  test('17. funding-dialog info for 2025-08-14: balance 60, previousFunding 400, base 400, previousSum −380, previousCatTransfers 20', async () => {
    await fund('2025-06-10', [line('Groceries', 2000)]);
    await fund('2025-07-01', [line('Groceries', 40000)]);
    await manual('2025-07-20', -380, 'Groceries');
    await rebalance('2025-07-25', [['Dining Out', -20], ['Groceries', 20]]);
    await fund('2025-08-01', [line('Groceries', 40000)]);
    await manual('2025-08-05', -150, 'Groceries');
    expect(await balance('Groceries')).toBe(310);
    const info = (await t.http.get('categories?date=2025-08-14', user.access)).json().data.find((c: { id: string }) => c.id === cat('Groceries'));
    expect(info).toEqual({ id: cat('Groceries'), name: 'Groceries', balance: 60, previousFunding: 400, previousBaseAmount: 400, previousSum: -380, previousCatTransfers: 20 });
  });

  test('18. proposed goal funding: 600 by 2025-12 with 200 at the start of July → 66.67 (planned 50.00, adjusted); a past goal rolls forward', async () => {
    await addCategory('Trip', { type: 'GOAL', fundingAmount: 600, recurrence: 12, goalDate: '2025-12-01', useGoal: true });
    await addCategory('Insurance bill', { type: 'BILL', fundingAmount: 600, recurrence: 6, goalDate: '2025-03-01' });
    await fund('2025-06-15', [line('Trip', 20000)]);
    const proposed = (await t.http.get('funding-plans/proposed?date=2025-07-14', user.access)).json().data as { categoryId: string; amount: number; adjusted: boolean; adjustedReason: string | null }[];
    expect(proposed.find((p) => p.categoryId === cat('Trip'))).toMatchObject({
      amount: 66.67,
      adjusted: true,
      adjustedReason: 'The planned amount of 50.00 was changed to 66.67 to reach the goal of 600.00 due in December 2025.',
    });
    expect(proposed.find((p) => p.categoryId === cat('Insurance bill'))).toMatchObject({ amount: 200, adjustedReason: expect.stringContaining('September 2025') });
    expect(proposed.some((p) => p.categoryId === cat('Funding Pool') || p.categoryId === cat('Unassigned'))).toBe(false);
  });
});

describe('the two guard rules', () => {
  test('a group holding categories (or only a sub-group) cannot be deleted: 409 HAS_CHILDREN', async () => {
    const food = (await groups()).groups.find((g) => g.name === 'Food')!.id;
    const refused = await t.http.delete(`groups/${food}`, user.access);
    expect(refused.status).toBe(409);
    expect(refused.json().errors[0]).toMatchObject({ code: 'HAS_CHILDREN', status: '409', detail: 'Unable to delete the group because it contains one or more categories' });
    const parent = (await t.http.post('groups', { name: 'Parent', parentGroupId: null }, user.access)).json().data.id;
    await t.http.post('groups', { name: 'Child', parentGroupId: parent }, user.access);
    expect((await t.http.delete(`groups/${parent}`, user.access)).status).toBe(409);
  });

  test('a category with one live −12 split cannot be deleted; after that transaction is deleted, it can', async () => {
    await addCategory('Hobby');
    const spent = (await manual('2025-08-02', -12, 'Hobby')).json().transaction.id;
    const hobby = (await groups()).categories.find((c) => c.id === cat('Hobby'))!;
    const refused = await t.http.delete(`groups/${hobby.groupId}/categories/${hobby.id}`, user.access);
    expect(refused.status).toBe(409);
    expect(refused.json().errors[0]).toMatchObject({ code: 'HAS_CHILDREN', detail: 'Unable to delete the category because it contains one or more transactions' });
    expect((await t.http.delete(`transaction/${spent}`, user.access)).status).toBe(200);
    expect((await t.http.delete(`groups/${hobby.groupId}/categories/${hobby.id}`, user.access)).status).toBe(204);
  });
});
