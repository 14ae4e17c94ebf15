import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/** Every ledger endpoint called by Bob with Alice's ids answers 404 and changes nothing of Alice's. */
let t: ApiTestApp;
let alice: SignedUpUser;
let bob: SignedUpUser;
const ids: Record<string, string> = {};

const categoryIds = async (user: SignedUpUser) =>
  new Map(((await t.http.get('groups', user.access)).json().data.categories as { id: string; name: string }[]).map((c) => [c.name, c.id]));

beforeAll(async () => {
  t = await startApiTestApp();
  alice = await signUp(t.http, t.mail, 'alice');
  bob = await signUp(t.http, t.mail, 'bob');
  const aliceCategories = await categoryIds(alice);
  ids.category = aliceCategories.get('Groceries')!;
  const institution = (
    await t.http.post(
      'institution',
      {
        institution: { name: 'Alice Bank' },
        accounts: [
          { name: 'Checking', balance: 100, tracking: 'Transactions' },
          { name: 'Brokerage', balance: 900, type: 'investment', subtype: 'brokerage', tracking: 'Balances' },
        ],
        startDate: '2025-03-01',
      },
      alice.access,
    )
  ).json().data;
  ids.institution = institution.id;
  ids.account = institution.accounts.find((a: { name: string }) => a.name === 'Checking').id;
  ids.balancesAccount = institution.accounts.find((a: { name: string }) => a.name === 'Brokerage').id;
  ids.transaction = (
    await t.http.post(`account/${ids.account}/transactions`, { date: '2025-03-04', name: 'Shop', amount: -5, categories: [{ categoryId: ids.category, amount: -5 }] }, alice.access)
  ).json().transaction.id;
  ids.statement = (await t.http.post(`account/${ids.account}/statements`, { startDate: '2025-03-01', endDate: '2025-03-31', startingBalance: 100, endingBalance: 95 }, alice.access)).json().id;
  ids.balance = (await t.http.get(`account/${ids.balancesAccount}/balances`, alice.access)).json()[0].id;
});
afterAll(async () => t.close());

const aliceState = async () => ({
  events: (await t.db.pool.query("SELECT count(*)::int AS n FROM es_events WHERE user_id = (SELECT id::text FROM identity_users WHERE username = $1)", [alice.username])).rows[0].n,
  accounts: (await t.http.get('connected-accounts', alice.access)).json(),
  register: (await t.http.get(`account/${ids.account}/transactions?offset=0&limit=30`, alice.access)).json(),
  statements: (await t.http.get(`account/${ids.account}/statements`, alice.access)).json(),
  balances: (await t.http.get(`account/${ids.balancesAccount}/balances`, alice.access)).json(),
});

test('another user\'s ids answer 404 on every ledger endpoint and change nothing', async () => {
  const before = await aliceState();
  const bobCategories = await categoryIds(bob);
  const bobAccount = (await t.http.post('institution', { institution: { name: 'Bob Bank' }, accounts: [{ name: 'Mine', balance: 1 }], startDate: '2025-03-01' }, bob.access)).json().data.accounts[0].id;
  const bobTransaction = (await t.http.post(`account/${bobAccount}/transactions`, { date: '2025-03-04', name: 'Own', amount: -1, categories: [] }, bob.access)).json().transaction.id;
  const ofx = '<OFX><BANKMSGSRSV1><STMTRS><BANKTRANLIST></BANKTRANLIST></STMTRS></BANKMSGSRSV1></OFX>';
  const calls: [string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?][] = [
    ['account register', 'GET', `account/${ids.account}/transactions?offset=0&limit=30`],
    ['pending register', 'GET', `account/${ids.account}/transactions?pending=1`],
    ['category register', 'GET', `category/${ids.category}/transactions?pending=2`],
    ['add transaction', 'POST', `account/${ids.account}/transactions`, { date: '2025-03-05', name: 'X', amount: -1, categories: [] }],
    ['read transaction', 'GET', `transaction/${ids.transaction}`],
    ['edit transaction', 'PATCH', `transaction/${ids.transaction}`, { version: 0, comment: 'mine now' }],
    ['delete transaction', 'DELETE', `transaction/${ids.transaction}`],
    ['rename institution', 'PATCH', `institution/${ids.institution}`, { name: 'Bob' }],
    ['delete institution', 'DELETE', `institution/${ids.institution}`],
    ['add account', 'POST', `institution/${ids.institution}/accounts`, { name: 'Sneaky', balance: 1, startDate: '2025-03-01' }],
    ['delete account', 'DELETE', `institution/${ids.institution}/accounts/${ids.account}`],
    ['change account', 'PATCH', `account/${ids.account}`, { closed: true }],
    ['list statements', 'GET', `account/${ids.account}/statements`],
    ['add statement', 'POST', `account/${ids.account}/statements`, { startDate: '2025-04-01', endDate: '2025-04-30', startingBalance: 0, endingBalance: 0 }],
    ['change statement', 'PATCH', `statements/${ids.statement}`, { reconcile: 'None' }],
    ['list balances', 'GET', `account/${ids.balancesAccount}/balances`],
    ['add balance', 'POST', `account/${ids.balancesAccount}/balances`, { date: '2025-03-20', balance: 1 }],
    ['change balance', 'PATCH', `account/${ids.balancesAccount}/balances/${ids.balance}`, { date: '2025-03-01', balance: 1 }],
    ['delete balance', 'DELETE', `balance/${ids.balance}`],
    ['delete account balance', 'DELETE', `account/${ids.balancesAccount}/balances/${ids.balance}`],
    ['import OFX', 'POST', `account/${ids.account}/ofx`, { ofx }],
    ['preview CSV', 'POST', `account/${ids.account}/csv/preview`, { text: 'a,b\n1,2\n' }],
    ['import CSV', 'POST', `account/${ids.account}/csv`, { text: 'a,b,c\n03/01/2025,x,1\n', mapping: { date: 0, payee: 1, amount: 2 } }],
    ['split into their category', 'POST', `account/${bobAccount}/transactions`, { date: '2025-03-05', name: 'X', amount: -1, categories: [{ categoryId: ids.category, amount: -1 }] }],
    ['reconcile into their statement', 'PATCH', `transaction/${bobTransaction}`, { version: 0, statementId: ids.statement }],
  ];
  const answers = [];
  for (const [label, method, path, body] of calls) {
    const response = await t.http.call(method, path, { token: bob.access, ...(body !== undefined ? { body } : {}) });
    answers.push([label, response.status]);
  }
  expect(answers).toEqual(calls.map(([label]) => [label, 404]));
  expect(await aliceState()).toEqual(before);
  expect(bobCategories.get('Groceries')).not.toBe(ids.category);
});

test('ids that are not ids at all answer 404, not 500', async () => {
  for (const path of ['transaction/not-a-uuid', 'account/1/transactions', 'category/zzz/transactions', 'account/x/statements']) {
    expect((await t.http.get(path, bob.access)).status, path).toBe(404);
  }
});
