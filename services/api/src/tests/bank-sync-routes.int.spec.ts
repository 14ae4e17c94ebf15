import { randomBytes } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { Configuration, PlaidApi, Products } from 'plaid';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { BANK_SYNC_QUEUE, BankSyncQueue, PlaidGateway, PlaidItemStore, runBankSyncJob, TokenCipher, type BankSyncJobData } from '@budget/bank-sync';
import { CLOCK, OutboxRelay, outboxProcessor, REDIS, type Clock } from '@budget/platform';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startPlaidSimulator, type RunningPlaidSimulator } from '@budget/plaid-simulator';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * The sync routes and the webhook through the whole API, with a bank-sync consumer (the worker's
 * `runBankSyncJob`, on the API's own ledger and bank-sync providers) started when a test wants it: a sync answers 202 while no worker runs, and its result
 * once one does; the webhook only enqueues; relink; another user's institution is 404.
 */
const KEY = randomBytes(32);
let sim: RunningPlaidSimulator;
let sandbox: PlaidApi;
let t: ApiTestApp;
let worker: Worker<BankSyncJobData> | null = null;
let workerQueue: BankSyncQueue | null = null;
let relay: OutboxRelay | null = null;
let alice: SignedUpUser;
let bob: SignedUpUser;
let institutionId: string;
let accountId: string;
let itemId: string;
const answers: string[] = [];

async function startWorker() {
  const prefix = t.config.queuePrefix;
  workerQueue = new BankSyncQueue({ redisUrl: t.config.redisUrl, prefix });
  const deps = {
    items: t.app.get(PlaidItemStore), gateway: t.app.get(PlaidGateway), commands: t.app.get(CommandBus), pool: t.db.pool,
    redis: t.app.get<Redis>(REDIS), clock: t.app.get<Clock>(CLOCK), queue: workerQueue, prefix, minIntervalMs: 0,
  };
  worker = new Worker<BankSyncJobData>(BANK_SYNC_QUEUE, outboxProcessor(t.db.pool, (job: Job<BankSyncJobData>, token?: string) => runBankSyncJob(job, token, deps)), {
    connection: { url: t.config.redisUrl, maxRetriesPerRequest: null }, prefix,
  });
  await worker.waitUntilReady();
  // The worker process's outbox relay: the link's and the webhook's syncs reach the queue through it.
  relay = new OutboxRelay({ pool: t.db.pool, databaseUrl: t.db.url, redisUrl: t.config.redisUrl, prefix, pollMs: 100 });
  await relay.start();
}

const post = async (path: string, user: SignedUpUser | null, body?: unknown) => {
  const response = await t.http.post(path, body, user?.access);
  answers.push(response.body);
  return response;
};

interface SyncOutcome {
  status: string;
  added: number;
  changed: number;
  removed: number;
  unassigned?: number;
  accountIds: string[];
}

/**
 * What a sync route's call came to for the one institution. The route waits a bounded time
 * (`BANK_SYNC_WAIT_MS`, short here) and otherwise answers the correct 202 with the institution
 * `pending`; on a loaded machine that is a normal answer, so the test then waits for the outcome —
 * the item's sync jobs ending, polled and generously bounded — and reads it from the job that ran
 * last, exactly what the 200 would have carried. Never a bound on how fast the sync is.
 */
async function syncOutcome(path: string, user: SignedUpUser = alice): Promise<SyncOutcome> {
  const response = await post(path, user);
  if (response.status === 200) return response.json().data.institutions[0] as SyncOutcome;
  expect(response.status, response.body).toBe(202);
  expect(response.json().data.institutions[0]).toMatchObject({ institutionId, status: 'pending' });
  const queue = new BankSyncQueue({ redisUrl: t.config.redisUrl, prefix: t.config.queuePrefix });
  try {
    const ofItem = async (states: ('waiting' | 'active' | 'delayed' | 'prioritized' | 'completed' | 'failed')[]) =>
      (await queue.raw.getJobs(states)).filter((job) => job.data.itemId === itemId);
    await vi.waitFor(async () => expect(await ofItem(['waiting', 'active', 'delayed', 'prioritized'])).toEqual([]), { timeout: 60_000, interval: 100 });
    const last = (await ofItem(['completed', 'failed'])).sort((a, b) => (b.finishedOn ?? 0) - (a.finishedOn ?? 0))[0];
    expect(last, 'no sync job of the item finished').toBeDefined();
    if (last!.returnvalue && 'ledger' in last!.returnvalue) {
      const { added, unassigned, changed, removed, accountIds } = last!.returnvalue.ledger;
      return { status: 'done', added, changed, removed, accountIds, ...(unassigned !== undefined && { unassigned }) };
    }
    const item = await t.db.pool.query<{ status: string }>('SELECT status FROM bank_items WHERE item_id = $1', [itemId]);
    return { status: item.rows[0]!.status === 'needs_relink' ? 'needs_relink' : 'failed', added: 0, changed: 0, removed: 0, accountIds: [] };
  } finally {
    await queue.close();
  }
}

beforeAll(async () => {
  process.env.BANK_SYNC_WAIT_MS = '1500';
  sim = await startPlaidSimulator({ port: 0, today: '2026-11-25' });
  sandbox = new PlaidApi(new Configuration({ basePath: sim.url, baseOptions: { headers: { 'PLAID-CLIENT-ID': 'test', 'PLAID-SECRET': 'test' } } }));
  t = await startApiTestApp({ PLAID_ENV: 'simulator', PLAID_SIMULATOR_URL: sim.url, PLAID_TOKEN_KEY: KEY.toString('base64') });
  alice = await signUp(t.http, t.mail, 'alice');
  bob = await signUp(t.http, t.mail, 'bob');
  const { data } = await sandbox.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Transactions] });
  const linked = await post('institution', alice, { publicToken: data.public_token, institutionId: 'ins_109508', startDate: '2026-11-01' });
  expect(linked.status, linked.body).toBe(201);
  institutionId = linked.json().data.id;
  accountId = linked.json().data.accounts.find((a: { name: string }) => a.name.endsWith('Checking')).id;
  itemId = (await t.db.pool.query<{ item_id: string }>('SELECT item_id FROM bank_items WHERE institution_id = $1', [institutionId])).rows[0]!.item_id;
}, 60_000);

afterAll(async () => {
  delete process.env.BANK_SYNC_WAIT_MS;
  await relay?.stop();
  await worker?.close();
  await workerQueue?.close();
  await t?.close();
  await sim?.close();
});

describe('sync routes', () => {
  test('linking asked for the first sync through the job outbox (the worker records the transactions under Unassigned)', async () => {
    const { rows } = await t.db.pool.query('SELECT id, queue, data, finished_at FROM job_outbox WHERE queue = $1', [BANK_SYNC_QUEUE]);
    expect(rows).toEqual([{ id: `link-${itemId}`, queue: BANK_SYNC_QUEUE, data: { itemId, reason: 'link' }, finished_at: null }]);
  });

  test('with no worker running, POST /institutions/sync answers 202 with the institution still pending', async () => {
    const response = await post('institutions/sync', alice);
    expect(response.status, response.body).toBe(202);
    expect(response.json().data).toMatchObject({ pending: true, institutions: [{ institutionId, status: 'pending' }] });
  });

  test('once the worker runs, the queued sync lands: the rows are in the account register, and a sync then ends done (its 200, or its job after a 202)', async () => {
    await startWorker();
    const queue = new BankSyncQueue({ redisUrl: t.config.redisUrl, prefix: t.config.queuePrefix });
    const waiting = (await queue.raw.getJobs(['waiting', 'active', 'completed'])).map((j) => j.id!);
    for (const id of waiting) await queue.wait(id, 20_000);
    await queue.close();
    const register = (await t.http.get(`account/${accountId}/transactions?limit=1000`, alice.access)).json();
    expect(register.data.transactions?.length ?? register.data.length).toBeGreaterThan(10);

    expect(await syncOutcome('institutions/sync')).toEqual(expect.objectContaining({ status: 'done', added: 0, unassigned: 0 }));
  }, 120_000);

  test('POST /institution/{id} and the per-account sync answer the institution\'s sync; another user\'s is 404', async () => {
    sim.simulator.advance(sim.simulator.itemById(itemId)!);
    const outcome = await syncOutcome(`institution/${institutionId}`);
    expect(outcome.status).toBe('done');
    expect(outcome.added + outcome.changed + outcome.removed).toBeGreaterThan(0);
    // No rule exists: every new row is left in Unassigned, and the answer says how many.
    expect(outcome.unassigned).toBe(outcome.added);
    expect(outcome.accountIds.length).toBeGreaterThan(0);

    expect((await syncOutcome(`institution/${institutionId}/accounts/${accountId}/transactions/sync`)).status).toBe('done');
    // An account that is not this institution's (here: the institution's own id) is not found.
    expect((await post(`institution/${institutionId}/accounts/${institutionId}/transactions/sync`, alice)).status).toBe(404);
    expect((await post(`institution/${institutionId}`, bob)).status).toBe(404);
    expect((await post(`institution/${institutionId}/accounts/${accountId}/transactions/sync`, bob)).status).toBe(404);
  }, 180_000);

  test('the webhook only enqueues: SYNC_UPDATES_AVAILABLE brings the next day in; an unknown item is acknowledged', async () => {
    const before = Number((await t.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events WHERE stream_id LIKE $1', ['transaction-%'])).rows[0]!.n);
    const cursor = async () => (await t.db.pool.query<{ cursor: string | null }>('SELECT cursor FROM bank_items WHERE item_id = $1', [itemId])).rows[0]!.cursor;
    const cursorBefore = await cursor();
    sim.simulator.advance(sim.simulator.itemById(itemId)!);
    const hook = await post('plaid/webhook', null, { webhook_type: 'TRANSACTIONS', webhook_code: 'SYNC_UPDATES_AVAILABLE', item_id: itemId, environment: 'sandbox' });
    expect(hook.status, hook.body).toBe(200);
    expect(hook.json()).toEqual({ received: true });
    const deadline = Date.now() + 60_000;
    let after = before;
    while (after === before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = Number((await t.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events WHERE stream_id LIKE $1', ['transaction-%'])).rows[0]!.n);
    }
    expect(after).toBeGreaterThan(before);
    // The job ends once the cursor it reached is stored (after its rows): wait for that, so the next
    // test's refresh is a sync of its own, not folded into this one while it is still running.
    while ((await cursor()) === cursorBefore && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await cursor()).not.toBe(cursorBefore);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await post('plaid/webhook', null, { webhook_type: 'TRANSACTIONS', webhook_code: 'SYNC_UPDATES_AVAILABLE', item_id: 'nope' })).status).toBe(200);
    expect((await post('plaid/webhook', null, { webhook_code: 'SYNC_UPDATES_AVAILABLE' })).status).toBe(422);
  }, 120_000);

  test('ITEM_LOGIN_REQUIRED (webhook or sync) marks the institution for relink and the sync says so', async () => {
    await sandbox.sandboxItemResetLogin({ access_token: new TokenCipher(KEY).open((await t.db.pool.query<{ access_token: string }>('SELECT access_token FROM bank_items WHERE item_id = $1', [itemId])).rows[0]!.access_token, itemId) });
    expect(await syncOutcome(`institution/${institutionId}`)).toMatchObject({ status: 'needs_relink' });
    const hook = await post('plaid/webhook', null, { webhook_type: 'ITEM', webhook_code: 'ERROR', item_id: itemId, error: { error_code: 'ITEM_LOGIN_REQUIRED' } });
    expect(hook.status).toBe(200);
    expect((await t.db.pool.query('SELECT status FROM bank_items WHERE item_id = $1', [itemId])).rows[0]).toEqual({ status: 'needs_relink' });
  }, 120_000);

  test('no answer carries an access token', async () => {
    const { rows } = await t.db.pool.query<{ item_id: string; access_token: string }>('SELECT item_id, access_token FROM bank_items');
    for (const row of rows) {
      const token = new TokenCipher(KEY).open(row.access_token, row.item_id);
      for (const body of answers) expect(body).not.toContain(token);
    }
  });
});
