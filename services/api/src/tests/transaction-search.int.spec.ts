import { CommandBus } from '@nestjs/cqrs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { RecordBankRowsCommand } from '@budget/ledger';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * Search (product-spec §2 Search, §7; server-behaviour §4.3) through the whole API on PostgreSQL:
 * GET /transactions/search by name (any case, `%` `_` `'` as data) and exact amount, pending rows
 * in, deleted rows out, newest first in pages of 30, only the caller's rows; GET /transactions?t=.
 */
let t: ApiTestApp;
let alice: SignedUpUser;
let bob: SignedUpUser;
const ids = new Map<string, string>();

interface Row {
  id: string;
  date: string;
  type: number;
  accountTransaction: { name: string; amount: number; pending: boolean; account: { name: string } } | null;
}

const userId = async (user: SignedUpUser) => (await t.db.pool.query<{ id: string }>('SELECT id::text FROM identity_users WHERE username = $1', [user.username])).rows[0]!.id;

async function openAccounts(user: SignedUpUser, names: string[]): Promise<string[]> {
  const response = await t.http.post(
    'institution',
    { institution: { name: 'Bank' }, accounts: names.map((name) => ({ name, balance: 0, tracking: 'Transactions' })), startDate: '2025-01-01' },
    user.access,
  );
  expect(response.status, response.body).toBe(201);
  const accounts = response.json().data.accounts as { id: string; name: string }[];
  return names.map((name) => accounts.find((a) => a.name === name)!.id);
}

async function manual(user: SignedUpUser, accountId: string, date: string, name: string, amount: number): Promise<string> {
  const response = await t.http.post(`account/${accountId}/transactions`, { date, name, amount, categories: [] }, user.access);
  expect(response.status, response.body).toBe(201);
  return response.json().transaction.id as string;
}

async function search(user: SignedUpUser, query: string): Promise<Row[]> {
  const response = await t.http.get(`transactions/search?${query}`, user.access);
  expect(response.status, response.body).toBe(200);
  const { data } = response.json();
  expect(data.balance).toBe(0);
  return data.transactions as Row[];
}
const names = (rows: Row[]) => rows.map((r) => r.accountTransaction?.name);
const q = (name: string) => `name=${encodeURIComponent(name)}`;

beforeAll(async () => {
  t = await startApiTestApp();
  alice = await signUp(t.http, t.mail, 'searcher');
  bob = await signUp(t.http, t.mail, 'other');
  const [checking, visa] = await openAccounts(alice, ['Checking', 'Visa']);
  ids.set('cafe', await manual(alice, checking!, '2025-03-05', 'Corner Cafe', -4.5));
  ids.set('downtown', await manual(alice, visa!, '2025-03-07', 'CORNER CAFE downtown', -12));
  ids.set('book', await manual(alice, checking!, '2025-03-06', 'Book Nook', -12));
  ids.set('juice', await manual(alice, checking!, '2025-03-04', '100% Juice', -3));
  ids.set('underscore', await manual(alice, checking!, '2025-03-03', 'under_score', -1));
  ids.set('pub', await manual(alice, checking!, '2025-03-02', "O'Brien's Pub", -20));
  ids.set('deleted', await manual(alice, checking!, '2025-03-01', 'Corner Cafe old', -1));
  expect((await t.http.delete(`transaction/${ids.get('deleted')}`, alice.access)).status).toBe(200);
  // A pending bank row (a Plaid sync's), recorded through the ledger's command as the worker does.
  await t.app.get(CommandBus).execute(
    new RecordBankRowsCommand(await userId(alice), [
      { accountId: visa!, provider: 'plaid', providerTransactionId: 'p-1', pendingTransactionId: null, date: '2025-03-08', name: 'corner cafe PENDING', amount: -200, pending: true },
    ], []),
  );
  const [bobs] = await openAccounts(bob, ['Bob Checking']);
  ids.set('bob', await manual(bob, bobs!, '2025-03-05', 'Corner Cafe', -4.5));
}, 60_000);
afterAll(async () => t.close());

describe('GET /transactions/search', () => {
  test('a name matches as a substring in any case, pending rows included, deleted and other users\' rows not, newest first with the account', async () => {
    const rows = await search(alice, q('  cOrNeR cAfE '));
    expect(names(rows)).toEqual(['corner cafe PENDING', 'CORNER CAFE downtown', 'Corner Cafe']);
    expect(rows.map((r) => r.date)).toEqual(['2025-03-08', '2025-03-07', '2025-03-05']);
    expect(rows.map((r) => r.accountTransaction?.pending)).toEqual([true, false, false]);
    expect(rows.map((r) => r.accountTransaction?.account.name)).toEqual(['Visa', 'Visa', 'Checking']);
    expect(rows.map((r) => r.id)).not.toContain(ids.get('deleted'));
    expect(rows.map((r) => r.id)).not.toContain(ids.get('bob'));
    expect(names(await search(bob, q('corner')))).toEqual(['Corner Cafe']);
    expect((await search(bob, q('corner')))[0]!.id).toBe(ids.get('bob'));
  });

  test('an exact signed amount, alone or with a name', async () => {
    expect(names(await search(alice, 'amount=-12'))).toEqual(['CORNER CAFE downtown', 'Book Nook']);
    expect(names(await search(alice, 'amount=-12.00&name=cafe'))).toEqual(['CORNER CAFE downtown']);
    expect(names(await search(alice, 'amount=-4.5'))).toEqual(['Corner Cafe']);
    expect(names(await search(alice, 'amount=4.5'))).toEqual([]);
    expect(names(await search(alice, 'amount=-2'))).toEqual(['corner cafe PENDING']);
  });

  test("%, _ and ' in the search are plain characters", async () => {
    expect(names(await search(alice, q('%')))).toEqual(['100% Juice']);
    expect(names(await search(alice, q('0%')))).toEqual(['100% Juice']);
    expect(names(await search(alice, q('_')))).toEqual(['under_score']);
    expect(names(await search(alice, q("'")))).toEqual(["O'Brien's Pub"]);
    expect(names(await search(alice, q("O'Brien's")))).toEqual(["O'Brien's Pub"]);
    expect(names(await search(alice, q('c_fe')))).toEqual([]);
    expect(names(await search(alice, q('corner%cafe')))).toEqual([]);
    expect(names(await search(alice, q('\\')))).toEqual([]);
  });

  test('pages of 30, date descending then the latest recorded first; no filter lists every live row', async () => {
    const pager = await signUp(t.http, t.mail, 'pager');
    const [account] = await openAccounts(pager, ['Paged']);
    // Row 1…40 on Feb 1st, Row 41…65 on Feb 2nd, each recorded after the one before.
    for (let i = 1; i <= 65; i++) await manual(pager, account!, i <= 40 ? '2025-02-01' : '2025-02-02', `Row ${i}`, -i);
    const rows = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, k) => `Row ${from - k}`);
    expect(names(await search(pager, q('row')))).toEqual(rows(65, 36));
    expect(names(await search(pager, `${q('ROW')}&offset=30&limit=30`))).toEqual(rows(35, 6));
    expect(names(await search(pager, `${q('ROW')}&offset=60`))).toEqual(rows(5, 1));
    expect(names(await search(pager, `${q('ROW')}&offset=90`))).toEqual([]);
    expect(names(await search(pager, 'amount=-40'))).toEqual(['Row 40']);
    // No filter, or a blank name: every live row, 30 at a time, the account's Initial Funding (type 4,
    // dated its start date 2025-01-01) included, as server-behaviour §4.3 answers.
    expect(names(await search(pager, ''))).toEqual(rows(65, 36));
    const every = await search(pager, `${q('   ')}&limit=1000`);
    expect(names(every)).toEqual([...rows(65, 1), 'Initial Funding']);
    expect(every.at(-1)).toMatchObject({ type: 4, date: '2025-01-01' });
  });

  test('bad input is a 422 on its field', async () => {
    const tooLong = await t.http.get(`transactions/search?${q('x'.repeat(201))}`, alice.access);
    expect(tooLong.status).toBe(422);
    expect(tooLong.body).toContain('name');
    const amount = await t.http.get('transactions/search?amount=1.234', alice.access);
    expect(amount.status).toBe(422);
    expect(amount.body).toContain('amount');
    expect((await t.http.get('transactions/search?limit=0', alice.access)).status).toBe(422);
    expect((await t.http.get('transactions/search?name=x')).status).toBe(401);
  });
});

describe('GET /transactions?t=', () => {
  const list = async (user: SignedUpUser, keys: string[]) => {
    const response = await t.http.get(`transactions?${keys.map((k) => `t=${ids.get(k) ?? k}`).join('&')}`, user.access);
    expect(response.status, response.body).toBe(200);
    expect(response.json().data.balance).toBe(0);
    return response.json().data.transactions as Row[];
  };

  test("the caller's live rows among the ids, newest first; another user's, deleted and unknown ids are absent", async () => {
    const rows = await list(alice, ['juice', 'bob', 'downtown', 'deleted', '00000000-0000-4000-8000-000000000000', 'cafe']);
    expect(rows.map((r) => r.id)).toEqual([ids.get('downtown'), ids.get('cafe'), ids.get('juice')]);
    expect(names(rows)).toEqual(['CORNER CAFE downtown', 'Corner Cafe', '100% Juice']);
    expect(rows[0]!.accountTransaction?.amount).toBe(-12);
    expect(names(await list(alice, ['pub']))).toEqual(["O'Brien's Pub"]);
    expect(await list(bob, ['cafe', 'downtown'])).toEqual([]);
    expect(names(await list(bob, ['bob', 'bob']))).toEqual(['Corner Cafe']);
    expect(await list(alice, [])).toEqual([]);
  });

  test('a malformed id, or more than 500 ids, is a 422', async () => {
    const bad = await t.http.get(`transactions?t=${ids.get('cafe')}&t=not-an-id`, alice.access);
    expect(bad.status).toBe(422);
    expect(bad.body).toContain('Each transaction (t) must be a valid id.');
    expect((await t.http.get('transactions?t=12', alice.access)).status).toBe(422);
    const many = Array.from({ length: 501 }, (_, i) => `t=00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join('&');
    const tooMany = await t.http.get(`transactions?${many}`, alice.access);
    expect(tooMany.status).toBe(422);
  });
});
