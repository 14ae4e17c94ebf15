import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Redis } from 'ioredis';
import { Configuration, PlaidApi, Products } from 'plaid';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BudgetProvisioner } from '@budget/budget';
import { PlaidItemStore, PlaidWebhookCommand } from '@budget/bank-sync';
import { LinkOnlineInstitution } from '@budget/contracts';
import { CLOCK, EVENT_STORE, ID_GENERATOR, loadConfig, OutboxRelay, type AppConfig, type Clock, type EventStore, type IdGenerator } from '@budget/platform';
import { createTestDatabase, loseRedisData, sleep, until, type TestDatabase } from '@budget/platform/testing';
import { startPlaidSimulator, type RunningPlaidSimulator } from '@budget/plaid-simulator';
import { WorkerModule } from '../worker.module.js';
import { BankSyncWorkerModule } from './bank-sync-worker.module.js';

/**
 * The fault for a sync (README "No job lost"): a bank linked while the worker is down, Redis
 * loses every key of the deployment's prefix, the worker starts — the link's first sync still runs,
 * once, and its transactions are recorded once.
 */
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };
let sim: RunningPlaidSimulator;
let plaid: PlaidApi;
let db: TestDatabase;
let redis: Redis;
let mailDir: string;
let config: AppConfig;
/** Links banks as the API does (the same `LinkOnlineInstitution` handler); consumes nothing. */
let linker: INestApplicationContext;
let workers: INestApplicationContext[] = [];
const prefix = `test-sync-nojoblost-${randomUUID()}`;

beforeAll(async () => {
  sim = await startPlaidSimulator({ port: 0, today: '2025-03-15' });
  plaid = new PlaidApi(new Configuration({ basePath: sim.url, baseOptions: { headers: { 'PLAID-CLIENT-ID': 'test', 'PLAID-SECRET': 'test' } } }));
  db = await createTestDatabase('sync_nojoblost');
  redis = new Redis(redisUrl);
  mailDir = await mkdtemp(join(tmpdir(), 'sync-nojoblost-mail-'));
  config = loadConfig(
    {
      ...process.env, NODE_ENV: 'test', DATABASE_URL: db.url, REDIS_URL: redisUrl, QUEUE_PREFIX: prefix, MAIL_OUTBOX_DIR: mailDir,
      PLAID_ENV: 'simulator', PLAID_SIMULATOR_URL: sim.url, PLAID_TOKEN_KEY: randomBytes(32).toString('base64'),
    },
    process.cwd(),
  );
  linker = await NestFactory.createApplicationContext(BankSyncWorkerModule.forRoot({ config, pool: db.pool, sync: { consume: false } }), { logger: false });
  await linker.init();
}, 60_000);

afterEach(async () => {
  await stopWorker();
});

afterAll(async () => {
  await linker?.close();
  await loseRedisData(redis, prefix);
  redis.disconnect();
  await db?.drop();
  await sim?.close();
  await rm(mailDir, { recursive: true, force: true });
});

/** The worker process as `main.ts` starts it: the outbox relay (with mail) and the bank-sync consumer. */
async function startWorker() {
  workers = [
    await NestFactory.createApplicationContext(WorkerModule.forRoot({ config, queuePrefix: prefix, pool: db.pool, relay: { pollMs: 100 } }), { logger: false }),
    await NestFactory.createApplicationContext(
      BankSyncWorkerModule.forRoot({ config, pool: db.pool, sync: { minIntervalMs: 0, dailyPattern: null, backoffMs: 100 } }),
      { logger: false },
    ),
  ];
  for (const worker of workers) await worker.init();
}

async function stopWorker() {
  for (const worker of workers) await worker.close();
  workers = [];
}

/** A user with a budget who links a simulated bank (every account) through the link's command handler. */
async function link(seed: string) {
  const userId = randomUUID();
  const provisioner = new BudgetProvisioner(linker.get<EventStore>(EVENT_STORE), linker.get<Clock>(CLOCK), linker.get<IdGenerator>(ID_GENERATOR));
  await provisioner.provision(userId, randomUUID());
  const { data } = await plaid.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Transactions], options: { seed } as never });
  await linker.get(CommandBus).execute(new LinkOnlineInstitution(userId, data.public_token, 'ins_109508', '2024-01-01'));
  const item = (await linker.get(PlaidItemStore).listByUser(userId))[0]!;
  return { userId, itemId: item.itemId };
}

/** The item's Plaid rows in the ledger: how many, and how many distinct Plaid transactions they are. */
async function stored(userId: string) {
  const { rows } = await db.pool.query<{ n: number; distinct: number }>(
    `SELECT count(*)::int AS n, count(DISTINCT provider_transaction_id)::int AS distinct FROM ledger_transactions WHERE user_id = $1 AND provider = 'PLAID'`,
    [userId],
  );
  return rows[0]!;
}

const recordedEvents = async (userId: string) =>
  (await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM es_events WHERE user_id = $1 AND type = 'TransactionRecorded' AND metadata->>'actor' = 'plaid'`, [userId])).rows[0]!.n;

const syncCalls = async (itemId: string) =>
  (await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM bank_provider_log WHERE item_id = $1 AND endpoint LIKE '%transactions/sync'`, [itemId])).rows[0]!.n;

const outboxRow = async (id: string) =>
  (await db.pool.query<{ outcome: string | null; data: unknown }>('SELECT outcome, data FROM job_outbox WHERE id = $1', [id])).rows[0];

/** Waits for the link's sync job to complete; its rows are in the ledger once each, one event each. */
async function linkSyncLandedOnce(userId: string, itemId: string) {
  await until(async () => (await outboxRow(`link-${itemId}`))?.outcome === 'completed', 30_000);
  const rows = await stored(userId);
  expect(rows.n).toBeGreaterThan(100);
  expect(rows.distinct).toBe(rows.n);
  expect(await recordedEvents(userId)).toBe(rows.n);
  return rows;
}

describe('no sync lost (job outbox → relay → bank-sync worker; real PostgreSQL, Redis and the Plaid simulator)', () => {
  it('given the worker down, when a bank is linked, Redis loses its data and the worker starts, then the first sync runs once and its rows land once', async () => {
    const { userId, itemId } = await link('nojoblost-down');
    expect(await outboxRow(`link-${itemId}`)).toMatchObject({ outcome: null, data: { itemId, reason: 'link' } });

    await loseRedisData(redis, prefix);
    await startWorker();

    const first = await linkSyncLandedOnce(userId, itemId);
    const calls = await syncCalls(itemId);

    // More copies of the finished job (other relays, Redis losing it again) run no second sync.
    await loseRedisData(redis, prefix);
    const extra = new OutboxRelay({ pool: db.pool, databaseUrl: db.url, redisUrl, prefix, logger: quiet });
    await extra.relayPass(true);
    await extra.stop();
    await sleep(700);
    expect(await syncCalls(itemId)).toBe(calls);
    expect(await stored(userId)).toEqual(first);
  }, 90_000);

  it('given a link relayed to Redis while no worker consumed it, when Redis loses it and the worker starts, then its rows land once', async () => {
    const { userId, itemId } = await link('nojoblost-relayed');
    // Relayed by a worker process since gone (its relay copied the row, then it stopped).
    const earlier = new OutboxRelay({ pool: db.pool, databaseUrl: db.url, redisUrl, prefix, logger: quiet });
    expect(await earlier.relayPass(true)).toBeGreaterThanOrEqual(1);
    await earlier.stop();

    await loseRedisData(redis, prefix);
    await startWorker();

    await linkSyncLandedOnce(userId, itemId);
  }, 90_000);

  it("given the worker down, when Plaid's webhook is acknowledged, Redis loses its data and the worker starts, then the day it announced lands once", async () => {
    const { userId, itemId } = await link('nojoblost-webhook');
    await startWorker();
    const before = await linkSyncLandedOnce(userId, itemId);
    await stopWorker();

    sim.simulator.advance(sim.simulator.itemById(itemId)!);
    const body = { webhook_type: 'TRANSACTIONS', webhook_code: 'SYNC_UPDATES_AVAILABLE', item_id: itemId };
    expect(await linker.get(CommandBus).execute(new PlaidWebhookCommand(body, undefined, JSON.stringify(body)))).toEqual({ received: true });
    const { rows } = await db.pool.query<{ id: string }>(`SELECT id FROM job_outbox WHERE finished_at IS NULL AND data->>'itemId' = $1 AND data->>'reason' = 'webhook'`, [itemId]);
    expect(rows).toHaveLength(1);

    await loseRedisData(redis, prefix);
    await startWorker();

    await until(async () => (await outboxRow(rows[0]!.id))?.outcome === 'completed', 30_000);
    const after = await stored(userId);
    expect(after.n).toBeGreaterThan(before.n);
    expect(after.distinct).toBe(after.n);
    expect(await recordedEvents(userId)).toBe(after.n);
  }, 90_000);
});
