import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/** Every endpoint of the budgeting issue, called by Bob with Alice's ids, answers 404 and changes nothing of Alice's. */
let t: ApiTestApp;
let alice: SignedUpUser;
let bob: SignedUpUser;
const a: Record<string, string> = {};
const b: Record<string, string> = {};

type Tree = { groups: { id: string; name: string }[]; categories: { id: string; name: string; groupId: string }[] };
const tree = async (user: SignedUpUser) => (await t.http.get('groups', user.access)).json().data as Tree;
const call = (user: SignedUpUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', path: string, body?: unknown) =>
  t.app.inject({ method, url: `/api/v1/${path}`, headers: { authorization: `Bearer ${user.access}` }, ...(body !== undefined && { payload: body as object }) });

async function ids(user: SignedUpUser, into: Record<string, string>) {
  const { groups, categories } = await tree(user);
  into.food = groups.find((g) => g.name === 'Food')!.id;
  into.system = groups.find((g) => g.name === 'System')!.id;
  into.groceries = categories.find((c) => c.name === 'Groceries')!.id;
  into.dining = categories.find((c) => c.name === 'Dining Out')!.id;
  into.pool = categories.find((c) => c.name === 'Funding Pool')!.id;
  into.empty = (await t.http.post('groups', { name: 'Empty', parentGroupId: null }, user.access)).json().data.id;
  into.unused = (await t.http.post(`groups/${into.food}/categories`, { name: 'Unused' }, user.access)).json().data.id;
  const rebalance = { date: '2025-08-02', type: 3, categories: [{ categoryId: into.pool, amount: -5 }, { categoryId: into.groceries, amount: 5 }] };
  into.rebalance = (await t.http.post('category-transfer', rebalance, user.access)).json().data.transaction.id;
  const funding = { date: '2025-08-01', type: 2, categories: [{ categoryId: into.dining, amount: 10, baseAmount: 10 }, { categoryId: into.pool, amount: -10, funder: true }] };
  into.funding = (await t.http.post('category-transfer', funding, user.access)).json().data.transaction.id;
}

beforeAll(async () => {
  t = await startApiTestApp();
  t.clock.set(new Date('2025-08-14T12:00:00Z'));
  alice = await signUp(t.http, t.mail, 'alice');
  bob = await signUp(t.http, t.mail, 'bob');
  await ids(alice, a);
  await ids(bob, b);
});
afterAll(async () => t.close());

const aliceState = async () => ({
  events: (await t.db.pool.query('SELECT count(*)::int AS n FROM es_events WHERE user_id = (SELECT id::text FROM identity_users WHERE username = $1)', [alice.username])).rows[0].n,
  tree: await tree(alice),
  rebalances: (await t.http.get('rebalances', alice.access)).json(),
  plan: (await t.http.get('funding-plans?h=12', alice.access)).json(),
  bills: (await t.http.get('bills', alice.access)).json(),
});

test('another user’s ids answer 404 on every endpoint of the budgeting issue and change nothing', async () => {
  const before = await aliceState();
  const move = (from: string, to: string) => ({ date: '2025-08-03', type: 3, categories: [{ categoryId: from, amount: -1 }, { categoryId: to, amount: 1 }] });
  const calls: [string, 'POST' | 'PATCH' | 'DELETE' | 'PUT' | 'GET', string, unknown?][] = [
    ['add a group under theirs', 'POST', 'groups', { name: 'Sneaky', parentGroupId: a.food }],
    ['rename their group', 'PATCH', `groups/${a.food}`, { name: 'Mine' }],
    ['move mine under theirs', 'PATCH', `groups/${b.empty}`, { parentGroupId: a.empty }],
    ['delete their group', 'DELETE', `groups/${a.empty}`],
    ['add a category to their group', 'POST', `groups/${a.food}/categories`, { name: 'Sneaky' }],
    ['fund mine from theirs', 'POST', `groups/${b.food}/categories`, { name: 'Sneaky', fundingCategories: [{ categoryId: a.pool, amount: 100, percentage: true }] }],
    ['change their category', 'PATCH', `groups/${a.food}/categories/${a.groceries}`, { name: 'Mine' }],
    ['change their category through my group', 'PATCH', `groups/${b.food}/categories/${a.groceries}`, { name: 'Mine' }],
    ['move mine into their group', 'PATCH', `groups/${a.food}/categories/${b.unused}`, {}],
    ['put mine under their pool', 'PATCH', `groups/${b.system}/categories/${b.unused}`, { parentCategoryId: a.pool }],
    ['delete their category', 'DELETE', `groups/${a.food}/categories/${a.unused}`],
    ['rebalance their categories', 'POST', 'category-transfer', move(a.pool, a.groceries)],
    ['rebalance theirs into mine', 'POST', 'category-transfer', move(a.pool, b.groceries)],
    ['fund from their source', 'POST', 'category-transfer', { date: '2025-08-03', type: 2, categories: [{ categoryId: b.dining, amount: 1, fundingCategories: [{ categoryId: a.pool, amount: 100, percentage: true }] }, { categoryId: b.pool, amount: -1, funder: true }] }],
    ['change their rebalance', 'PATCH', `category-transfer/${a.rebalance}`, move(b.pool, b.groceries)],
    ['change their funding', 'PATCH', `category-transfer/${a.funding}`, { ...move(b.pool, b.groceries), type: 2 }],
    ['point my rebalance at theirs', 'PATCH', `category-transfer/${b.rebalance}`, move(b.pool, a.groceries)],
    ['balances without their transaction', 'GET', `category-balances?date=2025-08-31&id=${a.rebalance}`],
    ['set their plan item', 'PUT', `funding-plans/item/${a.groceries}`, { amount: 1, useGoal: false, recurrence: 1 }],
    ['delete their category transfer', 'DELETE', `transaction/${a.funding}`],
    ['a category id that is no id at all', 'PATCH', `groups/${b.food}/categories/not-an-id`, { name: 'X' }],
    ['a transfer id that is no id at all', 'PATCH', 'category-transfer/42', move(b.pool, b.groceries)],
  ];
  const answers = [];
  for (const [label, method, path, body] of calls) answers.push([label, (await call(bob, method, path, body)).statusCode]);
  expect(answers).toEqual(calls.map(([label]) => [label, 404]));
  expect(await aliceState()).toEqual(before);
});

test('the lists of the budgeting issue show only the caller’s own rows', async () => {
  const aliceIds = Object.values(a);
  for (const path of ['categories?date=2025-08-14', 'categories', 'category-balances?date=2025-08-14', 'funding-plans/proposed?date=2025-08-14', 'funding-plans?h=12', 'rebalances', 'bills', 'groups']) {
    const response = await call(bob, 'GET', path);
    expect(response.statusCode, path).toBe(200);
    expect(aliceIds.filter((id) => response.body.includes(id)), path).toEqual([]);
  }
  const own = (await call(bob, 'GET', 'category-balances?date=2025-08-14')).json() as { id: string }[];
  expect(own.map((r) => r.id)).toContain(b.groceries);
});
