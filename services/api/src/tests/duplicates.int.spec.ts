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
 * Duplicates through the whole API and the bank-sync worker: a row the simulated bank adds
 * (`/sandbox/transactions/create`) like two manual transactions typed in before (ambiguous: a row
 * like just one claims it instead, docs/architecture.md §8) is flagged
 * `duplicateOfTransactionId`; dedup clears it (another user's is 404); deleting the original resolves it.
 */
const KEY = randomBytes(32);
let sim: RunningPlaidSimulator;
let sandbox: PlaidApi;
let t: ApiTestApp;
let worker: Worker<BankSyncJobData>;
let workerQueue: BankSyncQueue;
let alice: SignedUpUser;
let bob: SignedUpUser;
let institutionId: string;
let accountId: string;
let accessToken: string;

interface WireTransaction { id: string; duplicateOfTransactionId: string | null; accountTransaction: { name: string } | null }

async function bankRow(description: string, amount: number, date: string): Promise<WireTransaction> {
  await sandbox.sandboxTransactionsCreate({ access_token: accessToken, transactions: [{ date_transacted: date, date_posted: date, amount, description }] });
  // A sync asked for while another of the item's runs is folded into it: ask until the row is in.
  for (let attempt = 0; attempt < 20; attempt++) {
    const synced = await t.http.post(`institution/${institutionId}`, undefined, alice.access);
    expect([200, 202], synced.body).toContain(synced.status);
    const register = (await t.http.get(`account/${accountId}/transactions`, alice.access)).json().data.transactions as WireTransaction[];
    const row = register.find((r) => r.accountTransaction?.name === description);
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${description} never arrived`);
}

const manual = async (name: string, amount: number, date: string) => {
  const response = await t.http.post(`account/${accountId}/transactions`, { date, name, amount, categories: [] }, alice.access);
  expect(response.status, response.body).toBe(201);
  return response.json().transaction.id as string;
};

beforeAll(async () => {
  process.env.BANK_SYNC_WAIT_MS = '20000';
  sim = await startPlaidSimulator({ port: 0, today: '2026-11-25' });
  sandbox = new PlaidApi(new Configuration({ basePath: sim.url, baseOptions: { headers: { 'PLAID-CLIENT-ID': 'test', 'PLAID-SECRET': 'test' } } }));
  t = await startApiTestApp({ PLAID_ENV: 'simulator', PLAID_SIMULATOR_URL: sim.url, PLAID_TOKEN_KEY: KEY.toString('base64') });
  const prefix = t.config.queuePrefix;
  workerQueue = new BankSyncQueue({ redisUrl: t.config.redisUrl, prefix });
  const deps = {
    items: t.app.get(PlaidItemStore), gateway: t.app.get(PlaidGateway), commands: t.app.get(CommandBus), pool: t.db.pool,
    redis: t.app.get<Redis>(REDIS), clock: t.app.get<Clock>(CLOCK), queue: workerQueue, prefix, minIntervalMs: 0,
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
  accessToken = new TokenCipher(KEY).open(item.access_token, item.item_id);
  // The simulator adds custom rows to the item's first depository account.
  const plaidAccount = (await sandbox.accountsGet({ access_token: accessToken })).data.accounts.find((a) => a.type === AccountType.Depository)!;
  accountId = (await t.db.pool.query<{ id: string }>('SELECT id::text FROM ledger_accounts WHERE plaid_account_id = $1', [plaidAccount.account_id])).rows[0]!.id;
  // The link's first sync, done before the tests add rows.
  expect((await t.http.post(`institution/${institutionId}`, undefined, alice.access)).status).toBe(200);
}, 90_000);

afterAll(async () => {
  delete process.env.BANK_SYNC_WAIT_MS;
  await worker?.close();
  await workerQueue?.close();
  await t?.close();
  await sim?.close();
});

describe('a bank row like a manual transaction', () => {
  test('is flagged with the manual one\'s id; dedup clears it (empty 200), another user\'s dedup is 404 and changes nothing', async () => {
    // Two typed rows like the bank's row: ambiguous, so it is flagged (one typed row alone is claimed: bank-claims.int.spec.ts).
    const manualId = await manual('Corner shop, by hand', -42.17, '2026-11-22');
    await manual('Corner shop again, by hand', -42.17, '2026-11-21');
    const row = await bankRow('CORNER SHOP 0042', 42.17, '2026-11-24');
    expect(row.duplicateOfTransactionId).toBe(manualId);
    expect((await t.http.get(`transaction/${row.id}`, alice.access)).json().duplicateOfTransactionId).toBe(manualId);

    const intruder = await t.http.post(`transaction/${row.id}/dedup`, undefined, bob.access);
    expect(intruder.status).toBe(404);
    expect(intruder.json().errors).toHaveLength(1);
    expect((await t.http.get(`transaction/${row.id}`, alice.access)).json().duplicateOfTransactionId).toBe(manualId);

    const cleared = await t.http.post(`transaction/${row.id}/dedup`, undefined, alice.access);
    expect(cleared.status, cleared.body).toBe(200);
    expect(cleared.body).toBe('');
    expect((await t.http.get(`transaction/${row.id}`, alice.access)).json()).toMatchObject({ duplicateOfTransactionId: null, version: 1 });
    expect((await t.http.post('transaction/not-an-id/dedup', undefined, alice.access)).status).toBe(404);
  }, 60_000);

  test('a row 4 days away or a cent off is not flagged; deleting the original resolves a flagged one', async () => {
    const manualId = await manual('Gym, by hand', -30, '2026-11-10');
    await manual('Gym again, by hand', -30, '2026-11-09');
    expect((await bankRow('GYM FAR', 30, '2026-11-14')).duplicateOfTransactionId).toBeNull();
    expect((await bankRow('GYM CENT', 30.01, '2026-11-11')).duplicateOfTransactionId).toBeNull();
    const row = await bankRow('GYM MONTHLY', 30, '2026-11-12');
    expect(row.duplicateOfTransactionId).toBe(manualId);
    expect((await t.http.delete(`transaction/${manualId}`, alice.access)).status).toBe(200);
    expect((await t.http.get(`transaction/${row.id}`, alice.access)).json().duplicateOfTransactionId).toBeNull();
  }, 60_000);
});
