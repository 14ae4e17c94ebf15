import { randomBytes, randomUUID } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { BudgetProvisioner } from '@budget/budget';
import { BankSyncQueue, PlaidItemStore, syncItem, PlaidGateway, bankSyncJobOptions, type BankSyncJobResult } from '@budget/bank-sync';
import { LinkOnlineInstitution, type RecordBankFeed, type RecordBankFeedResult } from '@budget/contracts';
import { CLOCK, EVENT_STORE, ID_GENERATOR, loadConfig, type Clock, type EventStore, type IdGenerator } from '@budget/platform';
import { createTestDatabase, type TestDatabase } from '@budget/platform/testing';
import { startPlaidSimulator, type RunningPlaidSimulator } from '@budget/plaid-simulator';
import { Configuration, PlaidApi, Products } from 'plaid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankSyncWorkerModule } from './bank-sync-worker.module.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let sim: RunningPlaidSimulator;
let db: TestDatabase;
let app: INestApplicationContext;
/** Links banks as the API does (its link-time sync requests go to a queue nobody consumes). */
let linker: INestApplicationContext;
let queue: BankSyncQueue;
let plaid: PlaidApi;
const prefix = `test-bank-sync-${randomUUID()}`;

beforeAll(async () => {
  sim = await startPlaidSimulator({ port: 0, today: '2025-03-15' });
  plaid = new PlaidApi(new Configuration({ basePath: sim.url, baseOptions: { headers: { 'PLAID-CLIENT-ID': 'test', 'PLAID-SECRET': 'test' } } }));
  db = await createTestDatabase('bank_sync_worker');
  const config = loadConfig(
    { ...process.env, DATABASE_URL: db.url, REDIS_URL: redisUrl, QUEUE_PREFIX: prefix, PLAID_ENV: 'simulator', PLAID_SIMULATOR_URL: sim.url, PLAID_TOKEN_KEY: randomBytes(32).toString('base64') },
    process.cwd(),
  );
  app = await NestFactory.createApplicationContext(
    BankSyncWorkerModule.forRoot({ config, pool: db.pool, sync: { minIntervalMs: 0, dailyPattern: null, backoffMs: 100, concurrency: 4 } }),
    { logger: false },
  );
  await app.init();
  linker = await NestFactory.createApplicationContext(
    BankSyncWorkerModule.forRoot({ config: { ...config, queuePrefix: `${prefix}-linker` }, pool: db.pool, sync: { consume: false } }),
    { logger: false },
  );
  await linker.init();
  queue = new BankSyncQueue({ redisUrl, prefix, backoffMs: 100 });
}, 60_000);

afterAll(async () => {
  await queue?.close();
  await linker?.close();
  await app?.close();
  await db?.drop();
  await sim?.close();
});

/** A user with a budget who linked a simulated bank (every account), and the item behind it. */
async function linkedUser(seed: string) {
  const userId = randomUUID();
  const provisioner = new BudgetProvisioner(app.get<EventStore>(EVENT_STORE), app.get<Clock>(CLOCK), app.get<IdGenerator>(ID_GENERATOR));
  await provisioner.provision(userId, randomUUID());
  const { data } = await plaid.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Transactions], options: { seed } as never });
  const linked = await linker.get(CommandBus).execute<LinkOnlineInstitution, { data: { id: string } }>(new LinkOnlineInstitution(userId, data.public_token, 'ins_109508', '2024-01-01'));
  const item = (await app.get(PlaidItemStore).listByUser(userId))[0]!;
  return { userId, institutionId: linked.data.id, itemId: item.itemId };
}

async function plaidEvents(userId: string): Promise<Record<string, number>> {
  const { rows } = await db.pool.query<{ type: string; n: string }>(
    `SELECT type, count(*) AS n FROM es_events WHERE user_id = $1 AND metadata->>'actor' = 'plaid' GROUP BY type`, [userId]);
  return Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
}

async function storedRows(userId: string) {
  const { rows } = await db.pool.query<{ n: string; total: string }>(
    `SELECT count(*) AS n, COALESCE(sum(amount_cents), 0) AS total FROM ledger_transactions WHERE user_id = $1 AND provider = $2 AND NOT deleted`, [userId, 'PLAID']);
  return { rows: Number(rows[0]!.n), total: Number(rows[0]!.total) };
}

const syncCalls = async (itemId: string) =>
  Number((await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM bank_provider_log WHERE item_id = $1 AND endpoint LIKE '%transactions/sync'`, [itemId])).rows[0]!.n);

async function syncAndWait(itemId: string): Promise<BankSyncJobResult> {
  const outcome = await queue.wait(await queue.request(itemId, 'test'), 30_000);
  if (!outcome.done) throw new Error('sync still running');
  return outcome.result;
}

describe('bank-sync jobs (real PostgreSQL, Redis and the Plaid simulator)', () => {
  it('a sync job records the item\'s rows in chunks and stores the cursor; the next one appends nothing', async () => {
    const { userId, itemId } = await linkedUser('first');
    const first = await syncAndWait(itemId);
    expect(first.ledger.added).toBeGreaterThan(100);
    const recorded = await plaidEvents(userId);
    expect(recorded.TransactionRecorded).toBe(first.ledger.added);
    expect((await app.get(PlaidItemStore).findByItemId(itemId))!.cursor).not.toBeNull();
    const second = await syncAndWait(itemId);
    expect(second.ledger).toMatchObject({ added: 0, changed: 0, removed: 0 });
    expect(await plaidEvents(userId)).toEqual(recorded);
  }, 60_000);

  it('after every day at the bank, each linked account shows Plaid\'s balance (starting balance re-derived; a loan\'s opening balance followed) and nothing twice', async () => {
    const { userId, itemId } = await linkedUser('days');
    const simItem = sim.simulator.itemById(itemId)!;
    const check = async () => {
      const { rows } = await db.pool.query<{ name: string; balance: string; plaid: string | null }>(
        `SELECT name, balance_cents AS balance, plaid_balance_cents AS plaid FROM ledger_accounts
          WHERE user_id = $1 AND tracking <> 'Balances' ORDER BY name`, [userId]);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect({ name: row.name, balance: Number(row.balance) }).toEqual({ name: row.name, balance: Number(row.plaid) });
    };
    await syncAndWait(itemId);
    await check();
    let changed = 0;
    while (sim.simulator.advance(simItem)) {
      const result = await syncAndWait(itemId);
      changed += result.ledger.changed + result.ledger.removed;
      await check();
    }
    expect(changed).toBeGreaterThan(0);
    // Each Plaid transaction id is one stream, recorded once.
    const { rows } = await db.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM (SELECT stream_id FROM es_events WHERE user_id = $1 AND type = 'TransactionRecorded' GROUP BY stream_id HAVING count(*) > 1) twice`, [userId]);
    expect(Number(rows[0]!.n)).toBe(0);
  }, 60_000);

  it('the same sync run twice at once (a job copy that escaped de-duplication) appends every row once', async () => {
    const { userId, itemId } = await linkedUser('twice');
    const jobs = await Promise.all([1, 2].map((n) => queue.raw.add('sync', { itemId, reason: `copy ${n}` }, { ...bankSyncJobOptions(itemId), deduplication: undefined, jobId: `copy-${n}-${itemId}` })));
    const results = await Promise.all(jobs.map(async (job) => queue.wait(job.id!, 30_000)));
    const added = results.map((r) => (r.done ? r.result.ledger.added : NaN));
    const { rows } = await storedRows(userId);
    expect(added[0]! + added[1]!).toBe(rows);
    expect((await plaidEvents(userId)).TransactionRecorded).toBe(rows);

    // And two syncs straight through the function, racing on the same cursor.
    const other = await linkedUser('twice-direct');
    const item = (await app.get(PlaidItemStore).findByItemId(other.itemId))!;
    const ports = {
      plaid: app.get(PlaidGateway).as({ userId: other.userId, itemId: other.itemId }),
      items: app.get(PlaidItemStore),
      record: (command: RecordBankFeed) => app.get(CommandBus).execute(command) as Promise<RecordBankFeedResult>,
      now: () => new Date(),
    };
    const [a, b] = await Promise.all([syncItem(item, ports, { chunkSize: 50 }), syncItem(item, ports, { chunkSize: 50 })]);
    const stored = await storedRows(other.userId);
    expect(a.ledger.added + b.ledger.added).toBe(stored.rows);
    expect((await plaidEvents(other.userId)).TransactionRecorded).toBe(stored.rows);
  }, 60_000);

  it('restarts the page loop cleanly on TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION', async () => {
    const { userId, itemId } = await linkedUser('mutation');
    sim.faults.push({ id: 'm', item_id: itemId, endpoint: '/transactions/sync', error_code: 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION', times: 1, delayMs: 0 });
    const result = await syncAndWait(itemId);
    expect(result.restarts).toBe(1);
    expect((await storedRows(userId)).rows).toBe(result.ledger.added);
  }, 60_000);

  it('gives one sync for 50 webhooks of one item in a burst', async () => {
    const { itemId } = await linkedUser('burst');
    await queue.raw.pause();
    const ids = await Promise.all(Array.from({ length: 50 }, () => queue.request(itemId, 'webhook')));
    expect(new Set(ids).size).toBe(1);
    expect(await queue.raw.getWaitingCount()).toBe(1);
    await queue.raw.resume();
    const outcome = await queue.wait(ids[0]!, 30_000);
    expect(outcome.done).toBe(true);
    expect(await syncCalls(itemId)).toBe(1);
  }, 60_000);

  it('retries a 429 from Plaid later instead of dropping it', async () => {
    const { userId, itemId } = await linkedUser('limited');
    sim.faults.push({ id: 'r', item_id: itemId, endpoint: '/transactions/sync', error_code: 'RATE_LIMIT_EXCEEDED', times: 2, delayMs: 0 });
    const jobId = await queue.request(itemId, 'test');
    const outcome = await queue.wait(jobId, 30_000);
    expect(outcome.done).toBe(true);
    const job = await queue.raw.getJob(jobId);
    expect(job?.attemptsMade).toBe(3);
    expect((await storedRows(userId)).rows).toBeGreaterThan(0);
  }, 60_000);

  it('marks the item as needing relink on ITEM_LOGIN_REQUIRED and fails the job for good', async () => {
    const { itemId } = await linkedUser('relink');
    await plaid.sandboxItemResetLogin({ access_token: await app.get(PlaidItemStore).accessToken(itemId) });
    const jobId = await queue.request(itemId, 'test');
    await expect(queue.wait(jobId, 30_000)).rejects.toThrow(/relink/);
    expect((await queue.raw.getJob(jobId))?.attemptsMade).toBe(1);
    expect(await app.get(PlaidItemStore).findByItemId(itemId)).toMatchObject({ status: 'needs_relink', errorCode: 'ITEM_LOGIN_REQUIRED' });
  }, 60_000);
});
