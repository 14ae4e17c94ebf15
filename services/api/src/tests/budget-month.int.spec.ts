import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * GET /api/v1/budget/months/{YYYY-MM} (README "Month view"): its exact answer for a small budget —
 * a starting balance into the Funding Pool, a funding, an overspending row, a category transfer and
 * income the next month — the headline (Ready to fund, income, funded), group subtotals, the
 * overspent marks and the neighbouring months; a path that is not a month is 404 in the error
 * format; each user sees only their own budget.
 */
let t: ApiTestApp;
let user: SignedUpUser;
let other: SignedUpUser;
let ids: Map<string, string>;
let groups: Map<string, string>;
const cat = (name: string) => ids.get(name)!;

beforeAll(async () => {
  t = await startApiTestApp();
  t.clock.set(new Date('2025-04-20T12:00:00Z'));
  user = await signUp(t.http, t.mail, 'month_view');
  other = await signUp(t.http, t.mail, 'month_other');
  const tree = (await t.http.get('groups', user.access)).json().data as { groups: { id: string; name: string }[]; categories: { id: string; name: string; groupId: string }[] };
  groups = new Map(tree.groups.map((g) => [g.name, g.id]));
  const food = groups.get('Food')!;
  // Names repeat across groups (Medical, Dental…): the ones used here are unique.
  ids = new Map(tree.categories.filter((c) => c.groupId === food || ['Funding Pool', 'Unassigned', 'Account Transfer'].includes(c.name)).map((c) => [c.name, c.id]));
  const opened = await t.http.post('institution', {
    institution: { name: 'Bank' }, startDate: '2025-03-01',
    accounts: [{ name: 'Checking', balance: 1000, type: 'depository', subtype: 'checking', tracking: 'Transactions' }],
  }, user.access);
  expect(opened.status, opened.body).toBe(201);
  const checking = opened.json().data.accounts[0].id as string;
  const writes: [string, unknown][] = [
    ['category-transfer', { date: '2025-03-02', type: 2, categories: [
      { categoryId: cat('Groceries'), amount: 300, baseAmount: 300 }, { categoryId: cat('Funding Pool'), amount: -300, funder: true }] }],
    [`account/${checking}/transactions`, { date: '2025-03-10', name: 'Market', amount: -350, categories: [{ categoryId: cat('Groceries'), amount: -350 }] }],
    ['category-transfer', { date: '2025-04-05', type: 3, categories: [{ categoryId: cat('Funding Pool'), amount: -20 }, { categoryId: cat('Groceries'), amount: 20 }] }],
    [`account/${checking}/transactions`, { date: '2025-04-15', name: 'Pay', amount: 500, categories: [{ categoryId: cat('Funding Pool'), amount: 500 }] }],
  ];
  for (const [path, body] of writes) {
    const response = await t.http.post(path, body, user.access);
    expect(response.status, response.body).toBe(201);
  }
}, 120_000);
afterAll(async () => t?.close());

const month = async (m: string, who = user) => {
  const response = await t.http.get(`budget/months/${m}`, who.access);
  expect(response.status, response.body).toBe(200);
  return response.json();
};
const zero = { funded: 0, activity: 0, available: 0, overspent: false };

describe('the month view', () => {
  test('March: Ready to fund 700.00 (1000.00 starting balance less 300.00 funded), Groceries overspent by 50.00 — the exact answer', async () => {
    const body = await month('2025-03');
    const { groups: shown, ...headline } = body.data;
    expect(Object.keys(body)).toEqual(['data']);
    expect(headline).toEqual({ month: '2025-03', previousMonth: '2025-02', nextMonth: '2025-04', readyToFund: 700, income: 1000, funded: 300, overspentCount: 1 });
    const system = shown.find((g: { name: string }) => g.name === 'System');
    expect(system).toEqual({
      id: groups.get('System'), name: 'System', type: 'SYSTEM', hidden: false, parentGroupId: null,
      funded: -300, activity: 1000, available: 700, overspentCount: 0,
      categories: [
        { id: cat('Unassigned'), name: 'Unassigned', type: 'UNASSIGNED', hidden: false, parentCategoryId: null, ...zero },
        { id: cat('Funding Pool'), name: 'Funding Pool', type: 'FUNDING POOL', hidden: false, parentCategoryId: null, funded: -300, activity: 1000, available: 700, overspent: false },
        { id: cat('Account Transfer'), name: 'Account Transfer', type: 'ACCOUNT TRANSFER', hidden: false, parentCategoryId: null, ...zero },
      ],
    });
    expect(shown.find((g: { name: string }) => g.name === 'Food')).toEqual({
      id: groups.get('Food'), name: 'Food', type: 'REGULAR', hidden: false, parentGroupId: null,
      funded: 300, activity: -350, available: -50, overspentCount: 1,
      categories: [
        { id: cat('Groceries'), name: 'Groceries', type: 'REGULAR', hidden: false, parentCategoryId: null, funded: 300, activity: -350, available: -50, overspent: true },
        { id: cat('Dining Out'), name: 'Dining Out', type: 'REGULAR', hidden: false, parentCategoryId: null, ...zero },
      ],
    });
    // Every group of the tree, in its order; the others hold nothing this month.
    expect(shown.map((g: { name: string }) => g.name)).toEqual([...groups.keys()]);
    for (const g of shown.filter((x: { name: string }) => x.name !== 'System' && x.name !== 'Food')) {
      expect(g).toMatchObject({ funded: 0, activity: 0, available: 0, overspentCount: 0 });
    }
  });

  test('April: a category transfer counts as funded, income is the Funding Pool\'s activity, balances carry over', async () => {
    const { data } = await month('2025-04');
    expect(data).toMatchObject({ month: '2025-04', previousMonth: '2025-03', nextMonth: '2025-05', readyToFund: 1180, income: 500, funded: 20, overspentCount: 1 });
    const food = data.groups.find((g: { name: string }) => g.name === 'Food');
    expect(food.categories[0]).toEqual({ id: cat('Groceries'), name: 'Groceries', type: 'REGULAR', hidden: false, parentCategoryId: null, funded: 20, activity: 0, available: -30, overspent: true });
  });

  test('before any money and long after it: zeros, then the last balances', async () => {
    expect((await month('2025-02')).data).toMatchObject({ readyToFund: 0, income: 0, funded: 0, overspentCount: 0, previousMonth: '2025-01', nextMonth: '2025-03' });
    expect((await month('2031-12')).data).toMatchObject({ readyToFund: 1180, income: 0, funded: 0, overspentCount: 1, previousMonth: '2031-11', nextMonth: '2032-01' });
    expect((await month('1900-01')).data.previousMonth).toBeNull();
    expect((await month('2199-12')).data.nextMonth).toBeNull();
  });

  test('a path that is not a month is 404 in the error format, and no user sees another\'s budget', async () => {
    for (const bad of ['2025-13', '2025-00', '2025-3', '25-03', 'march', '1899-12', '2200-01', '2025-03-01']) {
      const response = await t.http.get(`budget/months/${bad}`, user.access);
      expect(response.status, bad).toBe(404);
      expect(response.json()).toEqual({ errors: [{ status: '404', code: 'E_ROW_NOT_FOUND', message: 'Not found', detail: 'Not found' }] });
    }
    expect((await t.http.get('budget/months/2025-03')).status).toBe(401);
    const theirs = (await month('2025-03', other)).data;
    expect(theirs).toMatchObject({ readyToFund: 0, income: 0, funded: 0, overspentCount: 0 });
    const mine = new Set([...ids.values()]);
    expect(theirs.groups.flatMap((g: { categories: { id: string }[] }) => g.categories.map((c) => c.id)).some((id: string) => mine.has(id))).toBe(false);
  });
});
