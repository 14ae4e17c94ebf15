import { randomBytes } from 'node:crypto';
import { Configuration, PlaidApi, Products, type AccountBase } from 'plaid';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ProviderLog, TokenCipher } from '@budget/bank-sync';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startPlaidSimulator, type RunningPlaidSimulator } from '@budget/plaid-simulator';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * Bank linking through the whole API against the Plaid simulator (tools/plaid-simulator), driven
 * as one drives Plaid's sandbox: a public token from /sandbox/public_token/create, then
 * POST /institution online. Checks the accounts and their balances, the starting balances in the
 * Funding Pool, that no answer ever carries an access token, that the provider log is redacted and
 * for admins only, and that another user's linked institution is 404 everywhere.
 */
const TODAY = '2026-11-25';
const KEY = randomBytes(32);
let sim: RunningPlaidSimulator;
let sandbox: PlaidApi;
let t: ApiTestApp;
let alice: SignedUpUser;
let bob: SignedUpUser;
/** Every answer of a bank-sync call made in this file, to scan for tokens. */
const answers: string[] = [];

const record = <R extends { body: string }>(response: R): R => {
  answers.push(response.body);
  return response;
};

async function publicToken(institution_id = 'ins_109508', options: Record<string, unknown> = {}): Promise<string> {
  const { data } = await sandbox.sandboxPublicTokenCreate({ institution_id, initial_products: [Products.Transactions], options });
  return data.public_token;
}

const fundingPool = async (user: SignedUpUser): Promise<number> => {
  const groups = (await t.http.get('groups', user.access)).json().data;
  const pool = groups.categories.find((c: { type: string }) => c.type === 'FUNDING POOL');
  return pool.balance as number;
};

/** The accounts Plaid holds for an item, straight from the simulator. */
const plaidAccounts = async (accessToken: string): Promise<AccountBase[]> => (await sandbox.accountsGet({ access_token: accessToken })).data.accounts;

const accessTokenOf = async (institutionId: string): Promise<{ itemId: string; token: string; sealed: string }> => {
  const { rows } = await t.db.pool.query<{ item_id: string; access_token: string }>('SELECT item_id, access_token FROM bank_items WHERE institution_id = $1', [institutionId]);
  const row = rows[0]!;
  return { itemId: row.item_id, sealed: row.access_token, token: new TokenCipher(KEY).open(row.access_token, row.item_id) };
};

beforeAll(async () => {
  sim = await startPlaidSimulator({ port: 0, today: TODAY });
  sandbox = new PlaidApi(new Configuration({ basePath: sim.url, baseOptions: { headers: { 'PLAID-CLIENT-ID': 'test', 'PLAID-SECRET': 'test' } } }));
  t = await startApiTestApp({ PLAID_ENV: 'simulator', PLAID_SIMULATOR_URL: sim.url, PLAID_TOKEN_KEY: KEY.toString('base64') });
  alice = await signUp(t.http, t.mail, 'alice');
  bob = await signUp(t.http, t.mail, 'bob');
  await t.db.pool.query(`UPDATE identity_users SET roles = '["ADMIN"]'::jsonb WHERE username = $1`, [alice.username]);
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('linking a bank', () => {
  let institution: { id: string; accounts: { id: string; plaidId: string; name: string; type: string; tracking: string; balance: number; plaidBalance: number; startDate: string }[] };

  test('GET /user/link-token answers a Link token', async () => {
    const response = record(await t.http.get('user/link-token', alice.access));
    expect(response.status).toBe(200);
    expect(response.json().linkToken).toMatch(/^link-/);
  });

  test('POST /institution online opens the institution and its accounts with Plaid balances and starting balances', async () => {
    const before = await fundingPool(alice);
    const response = record(await t.http.post('institution', { publicToken: await publicToken(), institutionId: 'ins_109508', startDate: '2026-11-01' }, alice.access));
    expect(response.status, response.body).toBe(201);
    institution = response.json().data;
    expect(institution).toMatchObject({ name: 'First Platypus Bank', plaidInstitutionId: 'ins_109508', offline: false });

    const { token } = await accessTokenOf(institution.id);
    const plaid = await plaidAccounts(token);
    expect(institution.accounts).toHaveLength(plaid.length);
    for (const account of plaid) {
      const ours = institution.accounts.find((a) => a.plaidId === account.account_id)!;
      const owed = account.type === 'credit' || account.type === 'loan';
      const expected = (owed ? -1 : 1) * account.balances.current!;
      expect(ours, account.name).toMatchObject({ name: account.name, startDate: '2026-11-01' });
      expect(ours.plaidBalance).toBeCloseTo(expected, 2);
      // The account's balance is Plaid's from the start: its starting balance holds it.
      expect(ours.balance).toBeCloseTo(expected, 2);
    }
    const checking = institution.accounts.find((a) => a.name.endsWith('Checking'))!;
    expect(checking).toMatchObject({ type: 'depository', tracking: 'Transactions' });
    const credit = institution.accounts.find((a) => a.type === 'credit')!;
    expect(credit.balance).toBeLessThan(0);
    expect(institution.accounts.find((a) => a.type === 'loan')!.tracking).toBe('Uncategorized Transactions');
    expect(institution.accounts.find((a) => a.type === 'investment')!.tracking).toBe('Balances');

    // Only the accounts tracking Transactions bring their starting balance into the Funding Pool.
    const tracked = institution.accounts.filter((a) => a.tracking === 'Transactions').reduce((sum, a) => sum + Math.round(a.balance * 100), 0);
    const after = await fundingPool(alice);
    expect(Math.round(after * 100) - Math.round(before * 100)).toBe(tracked);
    const answered = (response.json().data.categories as { id: string; balance: number }[]).map((c) => c.balance);
    expect(answered).toContain(after);

    // The starting balance is a transaction dated the start date in the Funding Pool's register.
    const groups = (await t.http.get('groups', alice.access)).json().data;
    const poolId = groups.categories.find((c: { type: string }) => c.type === 'FUNDING POOL').id;
    const rows = (await t.http.get(`category/${poolId}/transactions?offset=0&limit=100`, alice.access)).json().data.transactions as { date: string; type: number; accountTransaction: { amount: number; account: { id: string } } | null }[];
    const start = rows.find((r) => r.type === 4 && r.accountTransaction?.account.id === checking.id)!;
    expect(start).toMatchObject({ date: '2026-11-01', accountTransaction: { amount: checking.balance } });

    // GET /connected-accounts shows the same.
    const listed = (await t.http.get('connected-accounts', alice.access)).json().data.find((i: { id: string }) => i.id === institution.id);
    expect(listed.accounts.map((a: { plaidId: string }) => a.plaidId).sort()).toEqual(plaid.map((a) => a.account_id).sort());
  });

  test('the access token is sealed at rest and appears in no answer', async () => {
    const { token, sealed } = await accessTokenOf(institution.id);
    expect(token).toMatch(/^access-/);
    expect(sealed).not.toContain(token);
    const info = record(await t.http.get(`institution/${institution.id}/info`, alice.access)).body;
    expect(JSON.parse(info)).toMatchObject({ institution_id: 'ins_109508', name: 'First Platypus Bank' });
    expect(record(await t.http.get(`institution/${institution.id}/link-token`, alice.access)).status).toBe(200);
    record(await t.http.get('connected-accounts', alice.access));
    record(await t.http.get('admin/plaid-logs?limit=1000', alice.access));
    expect(answers.length).toBeGreaterThan(5);
    for (const body of answers) expect(body).not.toContain(token);
  });

  test('POST /institution/{id}/accounts online opens a Plaid account again after it was deleted, with its balance', async () => {
    const savings = institution.accounts.find((a) => a.name.endsWith('Saving'))!;
    expect((await t.http.delete(`institution/${institution.id}/accounts/${savings.id}`, alice.access)).status).toBe(200);
    const twice = record(await t.http.post(`institution/${institution.id}/accounts`, { plaidAccounts: [{ plaidAccountId: savings.plaidId }, { plaidAccountId: savings.plaidId }] }, alice.access));
    expect(twice.status, twice.body).toBe(422);
    expect(twice.json().errors[0].field).toBe('plaidAccounts.1.plaidAccountId');
    const before = await fundingPool(alice);
    const response = record(await t.http.post(`institution/${institution.id}/accounts`, { plaidAccounts: [{ plaidAccountId: savings.plaidId }], startDate: '2026-11-10' }, alice.access));
    expect(response.status, response.body).toBe(201);
    const { account, accounts } = response.json().data;
    expect(accounts).toHaveLength(1);
    expect(account).toMatchObject({ plaidId: savings.plaidId, balance: savings.balance, plaidBalance: savings.plaidBalance, startDate: '2026-11-10', tracking: 'Transactions' });
    expect(Math.round((await fundingPool(alice)) * 100) - Math.round(before * 100)).toBe(Math.round(savings.balance * 100));

    const again = record(await t.http.post(`institution/${institution.id}/accounts`, { plaidAccounts: [{ plaidAccountId: savings.plaidId }], startDate: '2026-11-10' }, alice.access));
    expect(again.status).toBe(422);
    expect(again.json().errors[0].field).toBe('plaidAccounts.0.plaidAccountId');
    const unknown = record(await t.http.post(`institution/${institution.id}/accounts`, { plaidAccounts: [{ plaidAccountId: 'no-such-account' }] }, alice.access));
    expect(unknown.status).toBe(422);
  });

  test("another user's linked institution is 404 on every bank-link route and changes nothing", async () => {
    const before = (await t.http.get('connected-accounts', alice.access)).body;
    const savings = institution.accounts.find((a) => a.name.endsWith('Saving'))!;
    for (const call of [
      () => t.http.get(`institution/${institution.id}/info`, bob.access),
      () => t.http.get(`institution/${institution.id}/link-token`, bob.access),
      () => t.http.post(`institution/${institution.id}/accounts`, { plaidAccounts: [{ plaidAccountId: savings.plaidId }] }, bob.access),
    ]) {
      const response = record(await call());
      expect(response.status, response.body).toBe(404);
    }
    expect((await t.http.get('connected-accounts', alice.access)).body).toBe(before);
  });

  test('a public token Plaid refuses is a 422 on publicToken and stores nothing', async () => {
    const { rows } = await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM bank_items');
    const response = record(await t.http.post('institution', { publicToken: 'public-sandbox-not-a-token', institutionId: 'ins_109508' }, bob.access));
    expect(response.status, response.body).toBe(422);
    expect(response.json().errors[0].field).toBe('publicToken');
    const missing = record(await t.http.post('institution', { publicToken: await publicToken() }, bob.access));
    expect(missing.status).toBe(422);
    expect(missing.json().errors[0].field).toBe('institutionId');
    expect((await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM bank_items')).rows[0]!.n).toBe(rows[0]!.n);
  });
});

describe('the provider log', () => {
  test('records every Plaid call with secrets redacted', async () => {
    const { rows } = await t.db.pool.query<{ endpoint: string; status: number; request: unknown; response: unknown; request_id: string | null; error_code: string | null }>(
      'SELECT endpoint, status, request, response, request_id, error_code FROM bank_provider_log ORDER BY created_at',
    );
    const endpoints = new Set(rows.map((r) => r.endpoint));
    for (const endpoint of ['/link/token/create', '/item/public_token/exchange', '/institutions/get_by_id', '/accounts/get']) expect(endpoints).toContain(endpoint);
    const exchange = rows.find((r) => r.endpoint === '/item/public_token/exchange' && r.status === 200)!;
    expect(exchange.request).toEqual({ public_token: '[redacted]' });
    expect(exchange.response).toMatchObject({ access_token: '[redacted]', item_id: expect.any(String) });
    expect(exchange.request_id).toEqual(expect.any(String));
    expect(rows.find((r) => r.status === 400)?.error_code).toBe('INVALID_PUBLIC_TOKEN');
    const { rows: items } = await t.db.pool.query<{ institution_id: string }>('SELECT institution_id FROM bank_items');
    const log = JSON.stringify(rows);
    for (const { institution_id } of items) expect(log).not.toContain((await accessTokenOf(institution_id)).token);
    expect(log).not.toMatch(/"(access|public)-sandbox-[0-9a-f-]{8,}/);
  });

  test('GET /admin/plaid-logs pages the log for an admin and is 404 for anyone else', async () => {
    const first = await t.http.get('admin/plaid-logs?offset=0&limit=2', alice.access);
    expect(first.status).toBe(200);
    const page = first.json();
    expect(page.data).toHaveLength(2);
    expect(page.total).toBeGreaterThan(4);
    const second = (await t.http.get('admin/plaid-logs?offset=2&limit=2', alice.access)).json();
    expect(second.data.map((r: { id: string }) => r.id)).not.toContain(page.data[0].id);
    expect(page.data[0]).toMatchObject({ endpoint: expect.any(String), status: expect.any(Number), durationMs: expect.any(Number) });
    expect((await t.http.get('admin/plaid-logs', bob.access)).status).toBe(404);
    expect((await t.http.get('admin/plaid-logs')).status).toBe(401);
  });
});

test('the provider log is kept bounded: calls older than the retention are purged, newer ones stay', async () => {
  const total = async () => (await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM bank_provider_log')).rows[0]!.n;
  const before = await total();
  await t.db.pool.query(`UPDATE bank_provider_log SET created_at = now() - interval '91 days' WHERE id = (SELECT id FROM bank_provider_log ORDER BY created_at LIMIT 1)`);
  expect(await t.app.get(ProviderLog).purgeOlderThan(90)).toBe(1);
  expect(await total()).toBe(before - 1);
});

describe('deleting a linked institution', () => {
  let id: string;
  let itemId: string;
  let token: string;

  const itemRows = async () => (await t.db.pool.query('SELECT item_id FROM bank_items WHERE institution_id = $1', [id])).rowCount;

  beforeAll(async () => {
    const response = await t.http.post('institution', { publicToken: await publicToken('ins_109509'), institutionId: 'ins_109509' }, alice.access);
    expect(response.status, response.body).toBe(201);
    id = response.json().data.id;
    ({ itemId, token } = await accessTokenOf(id));
  });

  test("another user's delete is 404 and leaves the item linked", async () => {
    expect((await t.http.delete(`institution/${id}`, bob.access)).status).toBe(404);
    expect(await itemRows()).toBe(1);
    expect((await plaidAccounts(token)).length).toBeGreaterThan(0);
  });

  test('a Plaid failure aborts the delete with 502 PLAID_ERROR and keeps everything', async () => {
    await fetch(`${sim.url}/simulator/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ endpoint: '/item/remove', error_code: 'INTERNAL_SERVER_ERROR', item_id: itemId }) });
    const response = await t.http.delete(`institution/${id}`, alice.access);
    expect(response.status, response.body).toBe(502);
    expect(response.json().errors[0]).toMatchObject({ code: 'PLAID_ERROR', providerCode: 'INTERNAL_SERVER_ERROR' });
    expect(await itemRows()).toBe(1);
    expect((await t.http.get('connected-accounts', alice.access)).json().data.map((i: { id: string }) => i.id)).toContain(id);
  });

  test('the owner\'s delete removes the item at Plaid and forgets its token', async () => {
    expect((await t.http.delete(`institution/${id}`, alice.access)).status).toBe(200);
    expect(await itemRows()).toBe(0);
    await expect(plaidAccounts(token)).rejects.toMatchObject({ response: { status: 400 } });
    expect((await t.http.get('connected-accounts', alice.access)).json().data.map((i: { id: string }) => i.id)).not.toContain(id);
  });
});

describe('deleting the account', () => {
  test('removes every linked item at Plaid, forgets the tokens and erases the user\'s provider log; a Plaid failure keeps the account', async () => {
    const carol = await signUp(t.http, t.mail, 'carol');
    const linked = await t.http.post('institution', { publicToken: await publicToken('ins_109510'), institutionId: 'ins_109510' }, carol.access);
    expect(linked.status, linked.body).toBe(201);
    const { itemId, token } = await accessTokenOf(linked.json().data.id);
    const userId = (await t.db.pool.query<{ user_id: string }>('SELECT user_id FROM bank_items WHERE item_id = $1', [itemId])).rows[0]!.user_id;
    const logRows = async () => (await t.db.pool.query('SELECT 1 FROM bank_provider_log WHERE user_id = $1', [userId])).rowCount;
    expect(await logRows()).toBeGreaterThan(0);

    await fetch(`${sim.url}/simulator/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ endpoint: '/item/remove', error_code: 'INTERNAL_SERVER_ERROR', item_id: itemId }) });
    expect((await t.http.delete('user', carol.access)).status).toBe(502);
    expect((await t.http.get('user', carol.access)).status).toBe(200);
    expect((await t.db.pool.query('SELECT 1 FROM bank_items WHERE user_id = $1', [userId])).rowCount).toBe(1);

    expect((await t.http.delete('user', carol.access)).status).toBe(200);
    expect((await t.db.pool.query('SELECT 1 FROM bank_items WHERE user_id = $1', [userId])).rowCount).toBe(0);
    expect(await logRows()).toBe(0);
    await expect(plaidAccounts(token)).rejects.toMatchObject({ response: { status: 400 } });
    // Alice's links are untouched.
    expect((await t.db.pool.query('SELECT 1 FROM bank_items b JOIN identity_users u ON u.id = b.user_id WHERE u.username = $1', [alice.username])).rowCount).toBeGreaterThan(0);
  });
});
