import { randomBytes } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { AccountType, Configuration, PlaidApi, Products } from 'plaid';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BANK_SYNC_QUEUE, BankSyncQueue, PlaidGateway, PlaidItemStore, runBankSyncJob, TokenCipher, type BankSyncJobData } from '@budget/bank-sync';
import { CLOCK, REDIS, type Clock } from '@budget/platform';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startPlaidSimulator, type RunningPlaidSimulator } from '@budget/plaid-simulator';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * A typed row on a linked account survives the next sync, and the bank's own row claims it
 * (docs/architecture.md §8), through the whole API, the bank-sync worker and the Plaid simulator's
 * control API (`POST /simulator/items/{item_id}/transactions`):
 * - typed → synced → matched keeps ONE row with the user's splits, memo and name, the bank's date,
 *   and the Funding Pool never moves; the account shows cleared, uncleared and working balances;
 * - a difference between Plaid's balance and ours is shown ("differs from the bank by X"), never
 *   absorbed into the starting balance; recording it is one logged adjustment, and a stale amount is a 422;
 * - the tipped bill: a pending −46.86 a rule put 100% in Dining Out posts as −56.70, all in Dining Out.
 */
const KEY = randomBytes(32);
const TODAY = '2026-11-25';
let sim: RunningPlaidSimulator;
let sandbox: PlaidApi;
let t: ApiTestApp;
let worker: Worker<BankSyncJobData>;
let workerQueue: BankSyncQueue;
let alice: SignedUpUser;
let bob: SignedUpUser;
let institutionId: string;
let accountId: string;
let plaidAccountId: string;
let itemId: string;
let categories: Map<string, { id: string; balance: number }>;
/** The worker's log lines (its `Synced item …` line per job). */
const workerLog: string[] = [];

interface WireTransaction {
  id: string;
  date: string;
  comment: string | null;
  categories: { categoryId: string; amount: number }[];
  accountTransaction: { name: string; amount: number } | null;
}

const cents = (dollars: number) => Math.round(dollars * 100);

async function categoryBalances(user = alice) {
  const groups = (await t.http.get('groups', user.access)).json().data;
  return new Map<string, { id: string; balance: number }>((groups.categories as { id: string; name: string; balance: number }[]).map((c) => [c.name, { id: c.id, balance: c.balance }]));
}
const fundingPool = async () => cents((await categoryBalances()).get('Funding Pool')!.balance);

async function sync(): Promise<void> {
  const synced = await t.http.post(`institution/${institutionId}`, undefined, alice.access);
  expect(synced.status, synced.body).toBe(200);
}

async function register(): Promise<WireTransaction[]> {
  return (await t.http.get(`account/${accountId}/transactions?offset=0&limit=1000`, alice.access)).json().data.transactions as WireTransaction[];
}

async function bankBalance(user = alice, id = accountId) {
  const response = await t.http.get(`account/${id}/bank-balance`, user.access);
  return { status: response.status, body: response.json() as { data: { linked: boolean; cleared: number; uncleared: number; working: number; plaidBalance: number | null; difference: number | null } } };
}

/** The simulator's control API: rows on a chosen account of the item, without its access token. */
async function bankRows(transactions: Record<string, unknown>[]): Promise<{ transaction_id: string }[]> {
  const response = await fetch(`${sim.url}/simulator/items/${itemId}/transactions`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ transactions, webhook: false }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { transactions: { transaction_id: string }[] }).transactions;
}

/** Events of a type in the store (only alice syncs a bank here). */
async function eventCount(type: string): Promise<number> {
  const { rows } = await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM es_events WHERE type = $1', [type]);
  return rows[0]!.n;
}

/** POST with an Idempotency-Key, as the web client sends a dialog's Save. */
const keyedPost = (path: string, body: object, key: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/${path}`, headers: { authorization: `Bearer ${alice.access}`, 'idempotency-key': key }, payload: body });

beforeAll(async () => {
  process.env.BANK_SYNC_WAIT_MS = '20000';
  sim = await startPlaidSimulator({ port: 0, today: TODAY });
  sandbox = new PlaidApi(new Configuration({ basePath: sim.url, baseOptions: { headers: { 'PLAID-CLIENT-ID': 'test', 'PLAID-SECRET': 'test' } } }));
  t = await startApiTestApp({ PLAID_ENV: 'simulator', PLAID_SIMULATOR_URL: sim.url, PLAID_TOKEN_KEY: KEY.toString('base64') });
  const prefix = t.config.queuePrefix;
  workerQueue = new BankSyncQueue({ redisUrl: t.config.redisUrl, prefix });
  const deps = {
    items: t.app.get(PlaidItemStore), gateway: t.app.get(PlaidGateway), commands: t.app.get(CommandBus), pool: t.db.pool,
    redis: t.app.get<Redis>(REDIS), clock: t.app.get<Clock>(CLOCK), queue: workerQueue, prefix, minIntervalMs: 0,
    log: (line: string) => workerLog.push(line),
  };
  worker = new Worker<BankSyncJobData>(BANK_SYNC_QUEUE, (job, token) => runBankSyncJob(job, token, deps), { connection: { url: t.config.redisUrl, maxRetriesPerRequest: null }, prefix });
  await worker.waitUntilReady();
  alice = await signUp(t.http, t.mail, 'alice');
  bob = await signUp(t.http, t.mail, 'bob');
  const { data } = await sandbox.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Transactions] });
  const linked = await t.http.post('institution', { publicToken: data.public_token, institutionId: 'ins_109508', startDate: '2026-11-01' }, alice.access);
  expect(linked.status, linked.body).toBe(201);
  institutionId = linked.json().data.id;
  const item = (await t.db.pool.query<{ item_id: string; access_token: string }>('SELECT item_id, access_token FROM bank_items WHERE institution_id = $1', [institutionId])).rows[0]!;
  itemId = item.item_id;
  const accessToken = new TokenCipher(KEY).open(item.access_token, item.item_id);
  plaidAccountId = (await sandbox.accountsGet({ access_token: accessToken })).data.accounts.find((a) => a.type === AccountType.Depository)!.account_id;
  accountId = (await t.db.pool.query<{ id: string }>('SELECT id::text FROM ledger_accounts WHERE plaid_account_id = $1', [plaidAccountId])).rows[0]!.id;
  // The link's first sync: it sets the starting balance, once.
  await sync();
  categories = await categoryBalances();
}, 90_000);

afterAll(async () => {
  delete process.env.BANK_SYNC_WAIT_MS;
  await worker?.close();
  await workerQueue?.close();
  await t?.close();
  await sim?.close();
});

describe('a typed row on a linked account', () => {
  test('counts at once, survives the sync, and the bank\'s row claims it: one row with the user\'s splits and memo, the Funding Pool never moves', async () => {
    const start = await bankBalance();
    expect(start.body.data).toMatchObject({ linked: true, uncleared: 0, difference: 0 });
    const pool = await fundingPool();
    const groceries = categories.get('Groceries')!.id;

    // The spec client's exact body for a manual transaction.
    const typed = await t.http.post(`account/${accountId}/transactions`, { date: '2026-11-23', name: 'ATM cash', amount: -10, principle: 0, comment: 'for the market', categories: [{ categoryId: groceries, amount: -10, comment: null }] }, alice.access);
    expect(typed.status, typed.body).toBe(201);
    const typedId = typed.json().transaction.id as string;
    const counted = (await bankBalance()).body.data;
    expect(counted).toMatchObject({ uncleared: -10, working: start.body.data.working - 10, cleared: start.body.data.cleared, difference: 0 });

    // The next sync does not undo it (it used to re-derive the starting balance: account back at the bank's, Funding Pool +10.00).
    await sync();
    expect((await bankBalance()).body.data).toEqual(counted);
    expect(await fundingPool()).toBe(pool);

    // The bank's own row arrives two days later: it claims the typed row.
    const [bank] = await bankRows([{ account_id: plaidAccountId, amount: 10, description: 'ATM WITHDRAWAL 0042', date: TODAY }]);
    await sync();
    const rows = await register();
    expect(rows.filter((r) => r.accountTransaction?.amount === -10)).toHaveLength(1);
    expect(rows.find((r) => r.accountTransaction?.name === 'ATM WITHDRAWAL 0042')).toBeUndefined();
    const matched = (await t.http.get(`transaction/${typedId}`, alice.access)).json();
    expect(matched).toMatchObject({ id: typedId, date: TODAY, comment: 'for the market', accountTransaction: { name: 'ATM cash', amount: -10 } });
    expect(matched.categories).toMatchObject([{ categoryId: groceries, amount: -10 }]);
    const after = (await bankBalance()).body.data;
    expect(after).toEqual({ ...counted, cleared: counted.working, uncleared: 0, plaidBalance: counted.working, difference: 0 });
    expect(await fundingPool()).toBe(pool);
    expect((await categoryBalances()).get('Groceries')!.balance).toBe(categories.get('Groceries')!.balance - 10);
    const log = (await t.http.get('transaction-logs?offset=0&limit=50', alice.access)).json() as { message: string }[];
    expect(log.map((l) => l.message).join('\n')).toMatch(/matched it to the bank's row/);

    // Exactly once: the bank row's derived stream holds the claim, so a re-sync from the item's start appends nothing new.
    const claims = await eventCount('BankRowClaimed');
    await t.db.pool.query('UPDATE bank_items SET cursor = NULL WHERE item_id = $1', [itemId]);
    await sync();
    expect(await eventCount('BankRowClaimed')).toBe(claims);
    expect((await bankBalance()).body.data).toEqual(after);
    expect(bank!.transaction_id).toMatch(/./);
  }, 90_000);

  test('a difference from the bank is shown, never absorbed; recording it is one logged adjustment; a stale amount is a 422 and changes nothing', async () => {
    const before = (await bankBalance()).body.data;
    const pool = await fundingPool();
    // A bank row dated before the account's start date: Plaid's balance holds it, ours does not.
    await bankRows([{ account_id: plaidAccountId, amount: 25.5, description: 'OLD FEE', date: '2026-10-20' }]);
    await sync();
    const shown = (await bankBalance()).body.data;
    expect(shown).toMatchObject({ working: before.working, cleared: before.cleared, plaidBalance: before.plaidBalance! - 25.5, difference: -25.5 });
    expect(await fundingPool()).toBe(pool);
    await sync();
    expect((await bankBalance()).body.data).toEqual(shown);

    const recorded = await eventCount('TransactionRecorded');
    const stale = await t.http.post(`account/${accountId}/bank-adjustment`, { amount: -25 }, alice.access);
    expect(stale.status, stale.body).toBe(422);
    expect(stale.json().errors[0]).toMatchObject({ field: 'amount' });
    expect(await eventCount('TransactionRecorded')).toBe(recorded);
    expect((await bankBalance()).body.data).toEqual(shown);
    expect((await t.http.post(`account/${accountId}/bank-adjustment`, { amount: -25.5 }, bob.access)).status).toBe(404);
    expect((await bankBalance(bob)).status).toBe(404);

    const key = randomBytes(8).toString('hex');
    const adjusted = await keyedPost(`account/${accountId}/bank-adjustment`, { amount: -25.5 }, key);
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    expect(adjusted.json().data).toMatchObject({ working: before.working - 25.5, cleared: before.cleared - 25.5, uncleared: 0, difference: 0 });
    const again = await keyedPost(`account/${accountId}/bank-adjustment`, { amount: -25.5 }, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(await eventCount('TransactionRecorded')).toBe(recorded + 1);
    expect((await bankBalance()).body.data.difference).toBe(0);
    expect(await fundingPool()).toBe(pool - 2550);
    const log = (await t.http.get('transaction-logs?offset=0&limit=50', alice.access)).json() as { message: string }[];
    expect(log.filter((l) => /bank balance adjustment of -25\.50/.test(l.message))).toHaveLength(1);
  }, 90_000);
});

describe('an ambiguous pair in the duplicate dialog', () => {
  test('is flagged, never guessed; "Yes, these are duplicates" makes the typed row the bank\'s row (one row, cleared); a re-sync appends nothing; another user\'s is 404', async () => {
    const typed = async (name: string, date: string) => {
      const response = await t.http.post(`account/${accountId}/transactions`, { date, name, amount: -7.77, principle: 0, comment: null, categories: [] }, alice.access);
      expect(response.status, response.body).toBe(201);
      return response.json().transaction.id as string;
    };
    const near = await typed('Parking, by hand', '2026-11-24');
    const far = await typed('Parking again, by hand', '2026-11-22');
    const before = (await bankBalance()).body.data;
    await bankRows([{ account_id: plaidAccountId, amount: 7.77, description: 'CITY PARKING', date: TODAY }]);
    await sync();
    const flagged = (await register()).find((r) => r.accountTransaction?.name === 'CITY PARKING') as WireTransaction & { duplicateOfTransactionId: string | null };
    expect(flagged.duplicateOfTransactionId).toBe(near);

    expect((await t.http.post(`transaction/${flagged.id}/match`, undefined, bob.access)).status).toBe(404);
    const matched = await t.http.post(`transaction/${flagged.id}/match`, undefined, alice.access);
    expect(matched.status, matched.body).toBe(200);
    const rows = await register();
    expect(rows.find((r) => r.accountTransaction?.name === 'CITY PARKING')).toBeUndefined();
    expect((await t.http.get(`transaction/${near}`, alice.access)).json()).toMatchObject({ date: TODAY, accountTransaction: { name: 'Parking, by hand', amount: -7.77 } });
    expect((await t.http.get(`transaction/${far}`, alice.access)).json()).toMatchObject({ date: '2026-11-22' });
    // One of the two typed rows is the bank's now; the other is still uncleared; the bank agrees.
    expect(before).toMatchObject({ uncleared: -15.54 });
    expect((await bankBalance()).body.data).toMatchObject({ working: before.working, uncleared: -7.77, difference: 0 });
    const claims = await eventCount('BankRowClaimed');
    await t.db.pool.query('UPDATE bank_items SET cursor = NULL WHERE item_id = $1', [itemId]);
    await sync();
    expect(await eventCount('BankRowClaimed')).toBe(claims);
    expect((await register()).filter((r) => r.accountTransaction?.amount === -7.77)).toHaveLength(2);
    expect((await t.http.post(`transaction/${flagged.id}/match`, undefined, alice.access)).status).toBe(404);
  }, 90_000);
});

describe('the tipped bill', () => {
  test('a pending −46.86 a rule put 100% in Dining Out posts as −56.70: Dining Out follows, nothing in Unassigned', async () => {
    const dining = categories.get('Dining Out')!.id;
    const rule = await t.http.post('auto-assignments', { name: 'Bistro', searchStrings: ['bistro'], categories: [{ id: -1, categoryId: dining, amount: 100, percentage: true }] }, alice.access);
    expect(rule.status, rule.body).toBe(201);
    const before = await categoryBalances();
    const [pending] = await bankRows([{ account_id: plaidAccountId, amount: 46.86, description: 'BISTRO 21', date: TODAY, pending: true }]);
    await sync();
    const mid = await categoryBalances();
    expect(cents(mid.get('Dining Out')!.balance) - cents(before.get('Dining Out')!.balance)).toBe(-4686);
    await bankRows([{ account_id: plaidAccountId, amount: 56.7, description: 'BISTRO 21', date: TODAY, pending_transaction_id: pending!.transaction_id }]);
    await sync();
    const after = await categoryBalances();
    expect(cents(after.get('Dining Out')!.balance) - cents(before.get('Dining Out')!.balance)).toBe(-5670);
    expect(after.get('Unassigned')!.balance).toBe(before.get('Unassigned')!.balance);
    const rows = (await register()).filter((r) => r.accountTransaction?.name === 'BISTRO 21');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.categories).toMatchObject([{ categoryId: dining, amount: -56.7 }]);
    expect((await bankBalance()).body.data.difference).toBe(0);
  }, 90_000);
});

describe('a typed bill the bank posts with a tip', () => {
  test('the claim is counted as matched in the sync answer and the worker\'s log line', async () => {
    const dining = categories.get('Dining Out')!.id;
    const typed = await t.http.post(`account/${accountId}/transactions`, { date: TODAY, name: 'Dinner at Luigi', amount: -40, principle: 0, comment: null, categories: [{ categoryId: dining, amount: -40, comment: null }] }, alice.access);
    expect(typed.status, typed.body).toBe(201);
    const typedId = typed.json().transaction.id as string;
    await bankRows([{ account_id: plaidAccountId, amount: 40, description: 'LUIGI TRATTORIA', date: TODAY, pending: true }]);
    const logged = workerLog.length;
    const synced = await t.http.post(`institution/${institutionId}`, undefined, alice.access);
    expect(synced.status, synced.body).toBe(200);
    expect(synced.json().data.institutions[0]).toMatchObject({ status: 'done', added: 0, matched: 1 });
    expect(workerLog.slice(logged).join('\n')).toMatch(/\+0 ~\d+ -\d+ =1 matched$/m);
    expect((await register()).filter((r) => r.accountTransaction?.name === 'LUIGI TRATTORIA')).toEqual([]);
    expect((await t.http.get(`transaction/${typedId}`, alice.access)).json()).toMatchObject({ accountTransaction: { name: 'Dinner at Luigi', amount: -40 } });
    // A sync with nothing new matches nothing.
    const again = await t.http.post(`institution/${institutionId}`, undefined, alice.access);
    expect(again.json().data.institutions[0]).toMatchObject({ status: 'done', added: 0, matched: 0 });
    expect((await t.http.get(`transaction/${typedId}`, alice.access)).json()).not.toHaveProperty('typedAmount');
  }, 90_000);

  test('posted with the tip, the typed row is new for its amount and says what was typed; marking it reviewed clears it, once, and another user cannot', async () => {
    const dining = categories.get('Dining Out')!.id;
    const typed = await t.http.post(`account/${accountId}/transactions`, { date: TODAY, name: 'Pizza night', amount: -30, principle: 0, comment: null, categories: [{ categoryId: dining, amount: -30, comment: null }] }, alice.access);
    expect(typed.status, typed.body).toBe(201);
    const typedId = typed.json().transaction.id as string;
    const [pending] = await bankRows([{ account_id: plaidAccountId, amount: 30, description: 'PIZZERIA 7', date: TODAY, pending: true }]);
    await sync();
    // Claimed at the typed amount: nothing differs, nothing to review for the amount.
    expect((await t.http.get(`transaction/${typedId}`, alice.access)).json()).not.toHaveProperty('typedAmount');
    await bankRows([{ account_id: plaidAccountId, amount: 36.5, description: 'PIZZERIA 7', date: TODAY, pending_transaction_id: pending!.transaction_id }]);
    await sync();
    const tipped = (await t.http.get(`transaction/${typedId}`, alice.access)).json();
    expect(tipped).toMatchObject({ id: typedId, isNew: true, newReason: 'amount', typedAmount: -30, accountTransaction: { name: 'Pizza night', amount: -36.5 } });
    // The register row carries the flag too (its badge), without the typed amount (only the single row's read has it).
    const row = (await register()).find((r) => r.id === typedId) as WireTransaction & { isNew?: boolean; newReason?: string | null };
    expect(row).toMatchObject({ isNew: true, newReason: 'amount' });
    expect(row).not.toHaveProperty('typedAmount');

    // Another user cannot mark it, and nothing changes.
    expect((await t.http.post('transactions/review', { ids: [typedId], reviewed: true }, bob.access)).status).toBe(404);
    expect((await t.http.get(`transaction/${typedId}`, alice.access)).json()).toMatchObject({ isNew: true, typedAmount: -30 });
    // A bad body is the spec's 422 and changes nothing.
    const bad = await t.http.post('transactions/review', { ids: [typedId], reviewed: 'yes' }, alice.access);
    expect(bad.status, bad.body).toBe(422);
    expect((await t.http.get(`transaction/${typedId}`, alice.access)).json()).toMatchObject({ isNew: true, typedAmount: -30 });

    // Marked reviewed under an Idempotency-Key: one event; the retry appends nothing.
    const reviews = await eventCount('TransactionReviewed');
    const key = randomBytes(8).toString('hex');
    const marked = await keyedPost('transactions/review', { ids: [typedId], reviewed: true }, key);
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await keyedPost('transactions/review', { ids: [typedId], reviewed: true }, key)).statusCode).toBe(200);
    expect(await eventCount('TransactionReviewed')).toBe(reviews + 1);
    const reviewed = (await t.http.get(`transaction/${typedId}`, alice.access)).json();
    expect(reviewed).toMatchObject({ isNew: false, newReason: null, accountTransaction: { amount: -36.5 } });
    expect(reviewed).not.toHaveProperty('typedAmount');
  }, 90_000);
});

describe('linked accounts get their history', () => {
  test('an account linked after the cursor moved on, whose own sync request was lost (a crash after the ledger committed), gets its history from the next sync', async () => {
    const institution = (await t.http.get('connected-accounts', alice.access)).json().data.find((i: { id: string }) => i.id === institutionId);
    const savings = (institution.accounts as { id: string; plaidId: string; name: string }[]).find((a) => a.name.endsWith('Saving'))!;
    expect((await t.http.delete(`institution/${institutionId}/accounts/${savings.id}`, alice.access)).status).toBe(200);
    await sync();
    const { rows: [stored] } = await t.db.pool.query<{ cursor: string }>('SELECT cursor FROM bank_items WHERE item_id = $1', [itemId]);
    expect(stored!.cursor).not.toBeNull();

    const linked = await t.http.post(`institution/${institutionId}/accounts`, { plaidAccounts: [{ plaidAccountId: savings.plaidId }], startDate: '2026-11-01' }, alice.access);
    expect(linked.status, linked.body).toBe(201);
    const reopened = linked.json().data.account as { id: string; plaidBalance: number };
    // The crash: the cursor's reset and the sync request (one transaction after the ledger's) never happened.
    await t.db.pool.query('UPDATE bank_items SET cursor = $2 WHERE item_id = $1', [itemId, stored!.cursor]);
    await t.db.pool.query('DELETE FROM job_outbox WHERE id LIKE $1', [`%link-accounts-${itemId}-%`]);

    // Any later sync — the daily one, a webhook's, the user's — reads the ledger's log and fetches the history.
    await sync();
    const history = (await t.http.get(`account/${reopened.id}/transactions?offset=0&limit=1000`, alice.access)).json().data.transactions as WireTransaction[];
    const { rows: [bank] } = await t.db.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM ledger_transactions WHERE account_id = $1 AND provider = 'PLAID' AND NOT deleted AND NOT pending", [reopened.id]);
    expect(bank!.n).toBeGreaterThan(0);
    expect(history.length).toBeGreaterThan(0);
    const balances = (await bankBalance(alice, reopened.id)).body.data;
    expect(balances).toMatchObject({ linked: true, difference: 0, uncleared: 0 });
    expect(balances.working).toBe(reopened.plaidBalance);
  }, 90_000);
});
