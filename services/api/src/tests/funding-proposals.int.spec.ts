import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { buildFunding, FULL_PERCENT, type FundingLine } from '@budget/money';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * GET /funding-plans/proposed after fundings of the same month (docs/architecture.md §9.3): each
 * category is proposed what it still needs — its plan or its goal's share less the base amounts
 * already funded in that month, never negative — so a second Fund in the month proposes nothing
 * twice.
 */
let t: ApiTestApp;
let user: SignedUpUser;
let ids: Map<string, string>;

interface ProposalRow {
  categoryId: string;
  amount: number;
  due: number;
  funded: number;
}

const cat = (name: string) => ids.get(name)!;
const groups = async (who = user) => (await t.http.get('groups', who.access)).json().data as { groups: { id: string; name: string }[]; categories: { id: string; name: string }[] };
const addCategory = async (name: string, body: Record<string, unknown>) => {
  const food = (await groups()).groups.find((g) => g.name === 'Food')!.id;
  const created = await t.http.post(`groups/${food}/categories`, { name, ...body }, user.access);
  expect(created.status).toBe(201);
  ids.set(name, created.json().data.id);
};
const fund = async (date: string, lines: FundingLine[], who = user, pool = cat('Funding Pool')) => {
  const response = await t.http.post(
    'category-transfer',
    {
      date,
      type: 2,
      categories: buildFunding(lines, pool).map((s) => ({
        ...s,
        amount: s.amount / 100,
        baseAmount: s.baseAmount / 100,
        fundingCategories: s.fundingCategories.map((f) => ({ ...f, amount: f.amount / 100 })),
      })),
    },
    who.access,
  );
  expect(response.status).toBe(201);
  return response.json().data.transaction.id as string;
};
const line = (name: string, cents: number, sources: FundingLine['sources'] = [], includeFundingTransfers = false): FundingLine => ({ categoryId: cat(name), base: cents, sources, includeFundingTransfers });
const proposed = async (date: string, who = user) => {
  const response = await t.http.get(`funding-plans/proposed?date=${date}`, who.access);
  expect(response.status).toBe(200);
  return new Map((response.json().data as ProposalRow[]).map((row) => [row.categoryId, row]));
};
const of = async (name: string, date: string) => {
  const { amount, due, funded } = (await proposed(date)).get(cat(name))!;
  return { amount, due, funded };
};

beforeAll(async () => {
  t = await startApiTestApp();
  t.clock.set(new Date('2025-08-14T12:00:00Z'));
});
afterAll(async () => t.close());
beforeEach(async () => {
  user = await signUp(t.http, t.mail, 'proposals');
  ids = new Map((await groups()).categories.map((c) => [c.name, c.id]));
  await t.http.post('institution', { institution: { name: 'Bank' }, accounts: [{ name: 'Checking', balance: 10000, tracking: 'Transactions' }], startDate: '2025-01-01' }, user.access);
  await addCategory('Rent', { fundingAmount: 1200 });
  await addCategory('Gym', { fundingAmount: 40 });
});

describe('the proposal subtracts what the month was already funded with', () => {
  test('fund a month in two goes: 25.00 of Gym then the rest; nothing is proposed twice, other months are untouched', async () => {
    expect(await of('Gym', '2025-08-14')).toEqual({ amount: 40, due: 40, funded: 0 });
    await fund('2025-08-01', [line('Gym', 2500)]);
    expect(await of('Gym', '2025-08-14')).toEqual({ amount: 15, due: 40, funded: 25 });
    expect(await of('Rent', '2025-08-14')).toEqual({ amount: 1200, due: 1200, funded: 0 });
    await fund('2025-08-20', [line('Gym', 1500), line('Rent', 120000)]);
    const august = await proposed('2025-08-31');
    expect([...august.values()].filter((row) => row.amount !== 0)).toEqual([]);
    expect(august.get(cat('Rent'))).toMatchObject({ funded: 1200, due: 1200 });
    // July and September know nothing of August's fundings.
    expect(await of('Gym', '2025-07-31')).toEqual({ amount: 40, due: 40, funded: 0 });
    expect(await of('Gym', '2025-09-01')).toEqual({ amount: 40, due: 40, funded: 0 });
  });

  test('over-funding proposes 0, never a negative amount', async () => {
    await fund('2025-08-03', [line('Gym', 10000)]);
    expect(await of('Gym', '2025-08-14')).toEqual({ amount: 0, due: 40, funded: 100 });
  });

  test('a deleted funding no longer counts; an edited one counts with its new amounts and month', async () => {
    const first = await fund('2025-08-02', [line('Gym', 4000)]);
    expect((await of('Gym', '2025-08-14')).amount).toBe(0);
    expect((await t.http.delete(`transaction/${first}`, user.access)).status).toBe(200);
    expect(await of('Gym', '2025-08-14')).toEqual({ amount: 40, due: 40, funded: 0 });
    const second = await fund('2025-08-02', [line('Gym', 1000)]);
    const stored = (await t.http.get(`transaction/${second}`, user.access)).json();
    const moved = await t.http.patch(`category-transfer/${second}`, { date: '2025-09-02', type: 2, version: stored.version, categories: stored.categories }, user.access);
    expect(moved.status).toBe(200);
    expect(await of('Gym', '2025-08-14')).toMatchObject({ funded: 0, amount: 40 });
    expect(await of('Gym', '2025-09-14')).toMatchObject({ funded: 10, amount: 30 });
  });

  test('what counts is each category\'s own base: a pass-through category and a funding source are not counted for what they pass on or give', async () => {
    // Savings passes funding on (base 20), Vacation (base 50) draws from Savings: Savings +70 −50; Bonus gives 30 to Rent.
    await addCategory('Savings', { fundingAmount: 20 });
    await addCategory('Vacation', { fundingAmount: 50 });
    await addCategory('Bonus', { fundingAmount: 10 });
    await fund('2025-08-01', [line('Bonus', 5000)]);
    await fund('2025-08-04', [
      line('Savings', 2000, [], true),
      line('Vacation', 5000, [{ categoryId: cat('Savings'), amount: FULL_PERCENT, percentage: true }]),
      line('Rent', 3000, [{ categoryId: cat('Bonus'), amount: 3000, percentage: false }]),
    ]);
    const august = await proposed('2025-08-14');
    expect(august.get(cat('Savings'))).toMatchObject({ funded: 20, amount: 0 });
    expect(august.get(cat('Vacation'))).toMatchObject({ funded: 50, amount: 0 });
    expect(august.get(cat('Rent'))).toMatchObject({ funded: 30, amount: 1170 });
    // Bonus was funded 50 and gave 30 away: it was still funded 50 (its plan of 10 is met).
    expect(august.get(cat('Bonus'))).toMatchObject({ funded: 50, amount: 0 });
  });

  test('a goal: its share comes from the month-start balance, and this month\'s fundings are subtracted once', async () => {
    // 600 by December with 200 funded in June: July asks (600 − 200) ÷ 6 = 66.67.
    await addCategory('Trip', { type: 'GOAL', fundingAmount: 600, recurrence: 12, goalDate: '2025-12-01', useGoal: true });
    await fund('2025-06-15', [line('Trip', 20000)]);
    expect(await of('Trip', '2025-07-14')).toEqual({ amount: 66.67, due: 66.67, funded: 0 });
    await fund('2025-07-01', [line('Trip', 5000)]);
    expect(await of('Trip', '2025-07-14')).toEqual({ amount: 16.67, due: 66.67, funded: 50 });
    await fund('2025-07-09', [line('Trip', 1667)]);
    expect(await of('Trip', '2025-07-14')).toEqual({ amount: 0, due: 66.67, funded: 66.67 });
    // August starts from 266.67: (600 − 266.67) ÷ 5 = 66.666 → 66.67 again.
    expect(await of('Trip', '2025-08-14')).toEqual({ amount: 66.67, due: 66.67, funded: 0 });
  });

  test('another user\'s fundings are not counted', async () => {
    const other = await signUp(t.http, t.mail, 'proposals-other');
    const theirs = new Map((await groups(other)).categories.map((c) => [c.name, c.id]));
    await t.http.post('institution', { institution: { name: 'Bank' }, accounts: [{ name: 'Checking', balance: 500, tracking: 'Transactions' }], startDate: '2025-01-01' }, other.access);
    const groceries = theirs.get('Groceries')!;
    await fund('2025-08-01', [{ categoryId: groceries, base: 10000, sources: [], includeFundingTransfers: false }], other, theirs.get('Funding Pool')!);
    expect((await proposed('2025-08-14', other)).get(groceries)).toMatchObject({ funded: 100 });
    expect((await proposed('2025-08-14')).get(cat('Groceries'))).toMatchObject({ funded: 0 });
  });
});
