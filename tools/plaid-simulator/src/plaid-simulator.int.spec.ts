import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { Configuration, PlaidApi, Products, SandboxItemFireWebhookRequestWebhookCodeEnum, type Transaction, type TransactionsSyncResponse } from 'plaid';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPlaidSimulator, type RunningPlaidSimulator } from './index.js';

// Driven with the real `plaid` client, as the product drives Plaid's sandbox.
let sim: RunningPlaidSimulator;
let plaid: PlaidApi;

const clientFor = (url: string, headers: Record<string, string> = { 'PLAID-CLIENT-ID': 'client', 'PLAID-SECRET': 'secret' }) =>
  new PlaidApi(new Configuration({ basePath: url, baseOptions: { headers } }));

beforeAll(async () => {
  sim = await startPlaidSimulator({ port: 0, today: '2026-11-25' });
  plaid = clientFor(sim.url);
});
afterAll(() => sim.close());
beforeEach(() => control('POST', '/simulator/reset'));

async function control(method: string, path: string, body?: object): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${sim.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function link(institution_id = 'ins_109508', options: Record<string, unknown> = {}) {
  const { data: created } = await plaid.sandboxPublicTokenCreate({ institution_id, initial_products: [Products.Transactions], options });
  const { data } = await plaid.itemPublicTokenExchange({ public_token: created.public_token });
  return data;
}

/** Every page from `cursor` to has_more = false, like the product's sync loop. */
async function syncAll(access_token: string, cursor = '', count = 100) {
  const pages: TransactionsSyncResponse[] = [];
  for (;;) {
    const { data } = await plaid.transactionsSync({ access_token, cursor, count });
    pages.push(data);
    cursor = data.next_cursor;
    if (!data.has_more) break;
  }
  return {
    pages,
    cursor,
    added: pages.flatMap((p) => p.added),
    modified: pages.flatMap((p) => p.modified),
    removed: pages.flatMap((p) => p.removed),
  };
}

async function plaidFailure(call: Promise<unknown>): Promise<{ status: number; data: Record<string, unknown> }> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  // The plaid client rejects with axios' error, whose `response` carries Plaid's status and body.
  expect(error).toMatchObject({ isAxiosError: true, response: { status: expect.any(Number) } });
  const response = (error as { response: { status: number; data: Record<string, unknown> } }).response;
  return { status: response.status, data: response.data };
}

describe('linking and the first sync', () => {
  it('creates a public token, exchanges it, lists accounts of every type and pages through the history', async () => {
    const { access_token, item_id } = await link();
    expect(access_token).toMatch(/^access-sandbox-/);

    const { data: accounts } = await plaid.accountsGet({ access_token });
    expect(accounts.item).toMatchObject({ item_id, institution_id: 'ins_109508', institution_name: 'First Platypus Bank', error: null });
    expect(accounts.accounts.map((a) => `${a.type}/${a.subtype}`)).toEqual([
      'depository/checking',
      'depository/savings',
      'credit/credit card',
      'loan/student',
      'loan/mortgage',
      'investment/ira',
    ]);
    expect(accounts.request_id).toMatch(/^[0-9A-Za-z]{15}$/);

    const first = await syncAll(access_token, '', 50);
    expect(first.pages.length).toBeGreaterThan(4);
    expect(first.pages.slice(0, -1).every((p) => p.has_more && p.added.length === 50)).toBe(true);
    expect(first.pages.at(-1)!.has_more).toBe(false);
    expect(first.modified).toEqual([]);
    expect(first.removed).toEqual([]);
    expect(new Set(first.added.map((t) => t.transaction_id)).size).toBe(first.added.length);
    expect(first.added.length).toBeGreaterThan(250);
    // Plaid's sign: money out is positive, pay is negative; pending rows exist.
    const payroll = first.added.filter((t) => t.name.startsWith('PAYROLL'));
    expect(payroll.length).toBeGreaterThan(4);
    expect(payroll.every((t) => t.amount < 0)).toBe(true);
    expect(first.added.filter((t) => t.name === 'Whole Foods Market').every((t) => t.amount > 0)).toBe(true);
    expect(first.added.some((t) => t.pending)).toBe(true);
    expect(first.added.every((t) => Number.isInteger(Math.round(t.amount * 100)) && Math.abs(t.amount * 100 - Math.round(t.amount * 100)) < 1e-6)).toBe(true);
    const accountIds = new Set(accounts.accounts.map((a) => a.account_id));
    expect(first.added.every((t) => accountIds.has(t.account_id))).toBe(true);

    // Caught up: nothing new.
    const again = await plaid.transactionsSync({ access_token, cursor: first.cursor });
    expect(again.data).toMatchObject({ added: [], modified: [], removed: [], has_more: false, next_cursor: first.cursor });
  });

  it('answers /institutions/get_by_id and lists the banks with their accounts for the simulated Link dialog', async () => {
    const { data } = await plaid.institutionsGetById({ institution_id: 'ins_109508', country_codes: ['US' as never] });
    expect(data.institution).toMatchObject({ institution_id: 'ins_109508', name: 'First Platypus Bank' });
    const listed = await control('GET', '/simulator/institutions');
    const banks = listed.body.institutions as { institution_id: string; accounts: { key: string }[] }[];
    expect(banks.map((b) => b.institution_id)).toContain('ins_109512');
    expect(banks[0]!.accounts.map((a) => a.key)).toContain('credit');
    const unknown = await plaidFailure(plaid.institutionsGetById({ institution_id: 'ins_nope', country_codes: ['US' as never] }));
    expect(unknown).toMatchObject({ status: 400, data: { error_type: 'INVALID_INPUT', error_code: 'INVALID_INSTITUTION' } });
  });

  it('links only the accounts picked (override_accounts) and refuses a used public token', async () => {
    const { data: created } = await plaid.sandboxPublicTokenCreate({
      institution_id: 'ins_109509',
      initial_products: [Products.Transactions],
      options: { override_accounts: ['checking', 'credit'] } as never,
    });
    const { data: item } = await plaid.itemPublicTokenExchange({ public_token: created.public_token });
    const { data } = await plaid.accountsGet({ access_token: item.access_token });
    expect(data.accounts.map((a) => a.subtype)).toEqual(['checking', 'credit card']);
    const reused = await plaidFailure(plaid.itemPublicTokenExchange({ public_token: created.public_token }));
    expect(reused).toMatchObject({ status: 400, data: { error_code: 'INVALID_PUBLIC_TOKEN' } });
  });
});

describe('later syncs', () => {
  it('returns only the transaction added by /sandbox/transactions/create', async () => {
    const { access_token } = await link();
    const first = await syncAll(access_token);
    await plaid.sandboxTransactionsCreate({
      access_token,
      transactions: [{ date_transacted: '2026-11-24', date_posted: '2026-11-25', amount: 12.34, description: 'Billabong Bakery' }],
    });
    const second = await syncAll(access_token, first.cursor);
    expect(second.added).toHaveLength(1);
    expect(second.added[0]).toMatchObject({ name: 'Billabong Bakery', amount: 12.34, date: '2026-11-25', authorized_date: '2026-11-24', pending: false });
    expect(second.modified).toEqual([]);
    expect(second.removed).toEqual([]);
    expect(first.added.map((t) => t.transaction_id)).not.toContain(second.added[0]!.transaction_id);
  });

  it('POST /simulator/items/{item_id}/transactions puts chosen posted and pending rows on a chosen account, and posts a pending row at another amount, without the access token', async () => {
    const { access_token, item_id } = await link();
    const first = await syncAll(access_token);
    const accounts = (await plaid.accountsGet({ access_token })).data.accounts;
    const credit = accounts.find((a) => a.type === 'credit')!;
    const before = credit.balances.current!;
    const added = await control('POST', `/simulator/items/${item_id}/transactions`, {
      transactions: [
        { account_id: credit.account_id, amount: 46.86, description: 'BISTRO 21', pending: true },
        { account_id: credit.account_id, amount: 10, description: 'ATM WITHDRAWAL', date: '2026-11-23' },
      ],
    });
    expect(added.status).toBe(201);
    const [pending, posted] = added.body.transactions as Transaction[];
    expect(pending).toMatchObject({ account_id: credit.account_id, amount: 46.86, pending: true, date: '2026-11-25', name: 'BISTRO 21' });
    expect(posted).toMatchObject({ amount: 10, pending: false, date: '2026-11-23' });
    const second = await syncAll(access_token, first.cursor);
    expect(second.added.map((t) => t.transaction_id).sort()).toEqual([pending!.transaction_id, posted!.transaction_id].sort());
    expect((await plaid.accountsGet({ access_token })).data.accounts.find((a) => a.account_id === credit.account_id)!.balances.current).toBeCloseTo(before + 10, 2);

    // The tipped bill: the pending row posts at 56.70 under a new id; Plaid removes the pending one.
    const tipped = await control('POST', `/simulator/items/${item_id}/transactions`, {
      transactions: [{ account_id: credit.account_id, amount: 56.7, description: 'BISTRO 21', pending_transaction_id: pending!.transaction_id }],
    });
    expect(tipped.status).toBe(201);
    const third = await syncAll(access_token, second.cursor);
    expect(third.added).toMatchObject([{ amount: 56.7, pending: false, pending_transaction_id: pending!.transaction_id }]);
    expect(third.removed.map((r) => r.transaction_id)).toEqual([pending!.transaction_id]);

    // Bad input: 400 with a message, nothing shown; an unknown item is 404.
    for (const transactions of [[], [{ account_id: 'nope', amount: 1, description: 'x' }], [{ account_id: credit.account_id, amount: 0, description: 'x' }], [{ account_id: credit.account_id, amount: 1, description: 'x', date: '2026-13-01' }], [{ account_id: credit.account_id, amount: 1, description: 'x', pending_transaction_id: pending!.transaction_id }]]) {
      const refused = await control('POST', `/simulator/items/${item_id}/transactions`, { transactions });
      expect(refused.status, JSON.stringify(transactions)).toBe(400);
    }
    expect((await syncAll(access_token, third.cursor)).added).toEqual([]);
    expect((await control('POST', '/simulator/items/no-such-item/transactions', { transactions: [{ account_id: credit.account_id, amount: 1, description: 'x' }] })).status).toBe(404);
  });

  it('posts pending rows with another amount, and modifies and removes earlier rows, as the bank advances', async () => {
    const { access_token, item_id } = await link();
    const first = await syncAll(access_token);
    const byId = new Map(first.added.map((t) => [t.transaction_id, t]));
    const pendingIds = new Set(first.added.filter((t) => t.pending).map((t) => t.transaction_id));

    const advanced = await control('POST', `/simulator/items/${item_id}/advance`);
    expect(advanced.body).toMatchObject({ advanced: true, stage: 1 });
    const day1 = await syncAll(access_token, first.cursor);
    const posted = day1.added.filter((t) => t.pending_transaction_id !== null);
    expect(posted.length).toBeGreaterThan(0);
    for (const t of posted) {
      const pending = byId.get(t.pending_transaction_id!)!;
      expect(pending.pending).toBe(true);
      expect(t.pending).toBe(false);
      expect(t.amount).not.toBe(pending.amount);
      expect(day1.removed.map((r) => r.transaction_id)).toContain(pending.transaction_id);
    }
    expect(posted.length).toBe(pendingIds.size);
    expect(day1.modified.length).toBeGreaterThan(0);
    for (const t of day1.modified) expect(byId.get(t.transaction_id)!.name).not.toBe(t.name);

    await control('POST', `/simulator/items/${item_id}/advance`);
    const day2 = await syncAll(access_token, day1.cursor);
    const removedEarlier = day2.removed.filter((r) => byId.has(r.transaction_id) && !byId.get(r.transaction_id)!.pending);
    expect(removedEarlier.length).toBeGreaterThan(0);
    const repriced = day2.modified.find((t) => byId.get(t.transaction_id)!.amount !== t.amount);
    expect(repriced).toBeDefined();

    await control('POST', `/simulator/items/${item_id}/advance`);
    expect((await control('POST', `/simulator/items/${item_id}/advance`)).body).toMatchObject({ advanced: false, stage: 3 });
    const listed = (await control('GET', '/simulator/items')).body.items as Record<string, unknown>[];
    expect(listed).toEqual([expect.objectContaining({ item_id, institution_id: 'ins_109508', stage: 3, login_required: false })]);
    expect(JSON.stringify(listed)).not.toContain(access_token);
  });

  it('answers TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION when data changes mid-pagination; restarting from the old cursor works', async () => {
    const { access_token } = await link();
    const first = await syncAll(access_token);
    await plaid.sandboxTransactionsCreate({ access_token, transactions: [1, 2, 3].map((n) => ({ date_transacted: '2026-11-25', date_posted: '2026-11-25', amount: n, description: `Row ${n}` })) });
    const page = await plaid.transactionsSync({ access_token, cursor: first.cursor, count: 2 });
    expect(page.data.has_more).toBe(true);
    await plaid.sandboxTransactionsCreate({ access_token, transactions: [{ date_transacted: '2026-11-25', date_posted: '2026-11-25', amount: 4, description: 'Row 4' }] });
    const failure = await plaidFailure(plaid.transactionsSync({ access_token, cursor: page.data.next_cursor, count: 2 }));
    expect(failure).toMatchObject({ status: 400, data: { error_type: 'TRANSACTIONS_ERROR', error_code: 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION' } });
    const restarted = await syncAll(access_token, first.cursor, 2);
    expect(restarted.added.map((t) => t.name)).toEqual(['Row 1', 'Row 2', 'Row 3', 'Row 4']);
  });

  it('makes a big item for benchmarks: exactly 5,000 transactions in the first sync', async () => {
    const { access_token } = await link('ins_109512', { transaction_count: 5000 });
    const first = await syncAll(access_token, '', 500);
    expect(first.added).toHaveLength(5000);
    expect(first.pages).toHaveLength(10);
  });
});

describe('faults', () => {
  const cases: [string, number, string, string][] = [
    ['ITEM_LOGIN_REQUIRED', 400, 'ITEM_ERROR', 'ITEM_LOGIN_REQUIRED'],
    ['TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION', 400, 'TRANSACTIONS_ERROR', 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION'],
    ['RATE_LIMIT_EXCEEDED', 429, 'RATE_LIMIT_EXCEEDED', 'TRANSACTIONS_SYNC_LIMIT'],
    ['INTERNAL_SERVER_ERROR', 500, 'API_ERROR', 'INTERNAL_SERVER_ERROR'],
  ];
  it.each(cases)('%s answers %i in Plaid error shape, the given number of times', async (code, status, type, answered) => {
    const { access_token } = await link();
    const created = await control('POST', '/simulator/faults', { endpoint: '/transactions/sync', error_code: code, times: 2 });
    expect(created.status).toBe(201);
    for (let i = 0; i < 2; i++) {
      const failure = await plaidFailure(plaid.transactionsSync({ access_token }));
      expect(failure.status).toBe(status);
      expect(failure.data).toEqual({
        error_type: type,
        error_code: answered,
        error_message: expect.any(String),
        display_message: failure.data.display_message === null ? null : expect.any(String),
        request_id: expect.stringMatching(/^[0-9A-Za-z]{15}$/),
      });
    }
    const { data } = await plaid.transactionsSync({ access_token });
    expect(data.added.length).toBeGreaterThan(0);
  });

  it('targets one item, slows answers, and is cleared by DELETE', async () => {
    const a = await link();
    const b = await link();
    await control('POST', '/simulator/faults', { item_id: a.item_id, endpoint: '/accounts/get', error_code: 'INTERNAL_SERVER_ERROR', times: null });
    await control('POST', '/simulator/faults', { item_id: b.item_id, endpoint: '/accounts/get', delayMs: 300 });
    expect((await plaidFailure(plaid.accountsGet({ access_token: a.access_token }))).status).toBe(500);
    const started = Date.now();
    await plaid.accountsGet({ access_token: b.access_token });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect((await plaidFailure(plaid.accountsGet({ access_token: a.access_token }))).status).toBe(500);
    await control('DELETE', '/simulator/faults');
    await plaid.accountsGet({ access_token: a.access_token });

    // '*': every product endpoint, not the sandbox's own.
    await control('POST', '/simulator/faults', { endpoint: '*', error_code: 'PLANNED_MAINTENANCE', times: 2 });
    await plaid.sandboxItemResetLogin({ access_token: b.access_token });
    expect(await plaidFailure(plaid.itemGet({ access_token: b.access_token }))).toMatchObject({ status: 503, data: { error_type: 'API_ERROR', error_code: 'PLANNED_MAINTENANCE' } });
    expect((await plaidFailure(plaid.institutionsGetById({ institution_id: 'ins_109508', country_codes: ['US' as never] }))).status).toBe(503);
    expect((await control('GET', '/simulator/faults')).body.faults).toEqual([]);
    expect((await control('POST', '/simulator/faults', { endpoint: '/accounts/get', error_code: 'NOPE' })).status).toBe(400);
  });

  it('reset_login makes the item answer ITEM_LOGIN_REQUIRED until relinked in update mode', async () => {
    const { access_token } = await link();
    expect((await plaid.sandboxItemResetLogin({ access_token })).data.reset_login).toBe(true);
    for (const call of [() => plaid.transactionsSync({ access_token }), () => plaid.accountsGet({ access_token }), () => plaid.accountsBalanceGet({ access_token })]) {
      expect(await plaidFailure(call())).toMatchObject({ status: 400, data: { error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED' } });
    }
    expect(await plaidFailure(plaid.transactionsRefresh({ access_token }))).toMatchObject({ status: 400, data: { error_code: 'ITEM_LOGIN_REQUIRED' } });
    expect((await plaid.itemGet({ access_token })).data.item.error).toMatchObject({ error_code: 'ITEM_LOGIN_REQUIRED' });

    const { data: linkToken } = await plaid.linkTokenCreate({
      client_name: 'Budget',
      language: 'en',
      country_codes: ['US' as never],
      user: { client_user_id: 'user-1' },
      access_token,
    });
    expect((await control('POST', '/simulator/link/complete', { link_token: linkToken.link_token })).body).toMatchObject({ update_mode: true });
    await plaid.accountsGet({ access_token });
    expect((await plaid.transactionsRefresh({ access_token })).data.request_id).toBeTruthy();
  });
});

describe('the rest of the API', () => {
  it('refuses missing credentials as Plaid does and accepts them in the body', async () => {
    const anonymous = clientFor(sim.url, {});
    const failure = await plaidFailure(anonymous.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Transactions] }));
    expect(failure).toMatchObject({ status: 400, data: { error_type: 'INVALID_REQUEST', error_code: 'MISSING_FIELDS' } });
    const inBody = await anonymous.sandboxPublicTokenCreate({ client_id: 'c', secret: 's', institution_id: 'ins_109508', initial_products: [Products.Transactions] });
    expect(inBody.data.public_token).toMatch(/^public-sandbox-/);
  });

  it('fires SYNC_UPDATES_AVAILABLE to the item webhook, signed as Plaid signs webhooks', async () => {
    const received: unknown[] = [];
    const signatures: { body: string; jwt: string }[] = [];
    const hook = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push(JSON.parse(body));
        signatures.push({ body, jwt: String(req.headers['plaid-verification']) });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
      const { access_token, item_id } = await link('ins_109508', { webhook: url });
      const { data } = await plaid.sandboxItemFireWebhook({ access_token, webhook_code: SandboxItemFireWebhookRequestWebhookCodeEnum.SyncUpdatesAvailable });
      expect(data.webhook_fired).toBe(true);
      expect(received).toEqual([expect.objectContaining({ webhook_type: 'TRANSACTIONS', webhook_code: 'SYNC_UPDATES_AVAILABLE', item_id })]);

      // Verified as Plaid's docs say: the key by the JWT's kid, ES256, the body's SHA-256.
      const { jwt, body } = signatures[0]!;
      const header = decodeProtectedHeader(jwt);
      expect(header.alg).toBe('ES256');
      const { data: key } = await plaid.webhookVerificationKeyGet({ key_id: String(header.kid) });
      const { payload } = await jwtVerify(jwt, await importJWK(key.key as never, 'ES256'));
      expect(payload.request_body_sha256).toBe(createHash('sha256').update(body).digest('hex'));
      expect((await plaidFailure(plaid.webhookVerificationKeyGet({ key_id: 'other' }))).status).toBe(400);
    } finally {
      hook.close();
    }
  });

  it('/item/remove makes the access token invalid', async () => {
    const { access_token } = await link();
    await plaid.itemRemove({ access_token });
    expect(await plaidFailure(plaid.itemGet({ access_token }))).toMatchObject({ status: 400, data: { error_code: 'INVALID_ACCESS_TOKEN' } });
  });
});

describe('determinism', () => {
  const ids = (ts: Transaction[]) => ts.map((t) => `${t.transaction_id}:${t.account_id}:${t.amount}:${t.date}:${t.name}`);

  it('gives two items created alike the same accounts, transaction ids and amounts; another seed differs', async () => {
    const a = await link();
    const b = await link();
    expect(a.item_id).not.toBe(b.item_id);
    const [syncA, syncB] = [await syncAll(a.access_token), await syncAll(b.access_token)];
    expect(ids(syncA.added)).toEqual(ids(syncB.added));
    expect((await plaid.accountsGet({ access_token: a.access_token })).data.accounts).toEqual((await plaid.accountsGet({ access_token: b.access_token })).data.accounts);

    const other = await link('ins_109508', { seed: 'another' });
    const syncOther = await syncAll(other.access_token);
    const seen = new Set(ids(syncA.added));
    expect(ids(syncOther.added).filter((id) => seen.has(id))).toEqual([]);
  });

  it('gives the same data from a simulator started afresh', async () => {
    const a = await link();
    const syncA = await syncAll(a.access_token);
    const fresh = await startPlaidSimulator({ port: 0, today: '2026-11-25' });
    try {
      const other = clientFor(fresh.url);
      const { data: created } = await other.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Transactions] });
      const { data: item } = await other.itemPublicTokenExchange({ public_token: created.public_token });
      const { data } = await other.transactionsSync({ access_token: item.access_token, count: 500 });
      expect(ids(data.added)).toEqual(ids(syncA.added));
    } finally {
      await fresh.close();
    }
  });
});

describe('restarts', () => {
  it('keeps items, tokens and cursors in the state file: a restarted simulator answers the stored cursor with only what is new', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plaid-simulator-'));
    const stateFile = join(dir, 'state.json');
    try {
      const first = await startPlaidSimulator({ port: 0, today: '2026-11-25', stateFile });
      const before = clientFor(first.url);
      const { data: created } = await before.sandboxPublicTokenCreate({ institution_id: 'ins_109510', initial_products: [Products.Transactions] });
      const { data: item } = await before.itemPublicTokenExchange({ public_token: created.public_token });
      await fetch(`${first.url}/simulator/items/${item.item_id}/advance`, { method: 'POST' });
      await before.sandboxTransactionsCreate({ access_token: item.access_token, transactions: [{ date_transacted: '2026-11-25', date_posted: '2026-11-25', amount: 5, description: 'Kept' }] });
      const { data: synced } = await before.transactionsSync({ access_token: item.access_token, count: 500 });
      expect(synced.has_more).toBe(false);
      const accounts = (await before.accountsGet({ access_token: item.access_token })).data.accounts;
      await first.close();

      // Started again another day: the item keeps its own data.
      const second = await startPlaidSimulator({ port: 0, today: '2026-11-30', stateFile });
      try {
        const after = clientFor(second.url);
        expect((await after.accountsGet({ access_token: item.access_token })).data.accounts).toEqual(accounts);
        const { data: nothingNew } = await after.transactionsSync({ access_token: item.access_token, cursor: synced.next_cursor });
        expect(nothingNew).toMatchObject({ added: [], modified: [], removed: [], has_more: false });
        await fetch(`${second.url}/simulator/items/${item.item_id}/advance`, { method: 'POST' });
        const { data: day2 } = await after.transactionsSync({ access_token: item.access_token, cursor: synced.next_cursor });
        expect(day2.added.length + day2.modified.length + day2.removed.length).toBeGreaterThan(0);
        expect(day2.added.map((t) => t.transaction_id)).not.toContain(synced.added.find((t) => t.name === 'Kept')!.transaction_id);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
