import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { BudgetProvisioner } from '@budget/budget';
import { BankSyncQueue, PlaidItemStore } from '@budget/bank-sync';
import { LinkOnlineInstitution } from '@budget/contracts';
import { CLOCK, EVENT_STORE, ID_GENERATOR, loadConfig, type Clock, type EventStore, type IdGenerator } from '@budget/platform';
import { createTestDatabase, type TestDatabase } from '@budget/platform/testing';
import { startPlaidSimulator, type RunningPlaidSimulator } from '@budget/plaid-simulator';
import { Configuration, PlaidApi, Products } from 'plaid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankSyncWorkerModule } from './bank-sync-worker.module.js';

/**
 * The worker process SIGKILLed in the middle of a 2,000-transaction first sync, then started
 * again: the job is taken up again (its lock expired), re-fetches from the cursor that was never
 * stored, and the ledger appends only what is missing — every row once, none lost.
 */
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test-bank-crash-${randomUUID()}`;
const tokenKey = randomBytes(32).toString('base64');
const ROWS = 2_000;
let sim: RunningPlaidSimulator;
let db: TestDatabase;
let app: INestApplicationContext;
let output = '';
const spawned = new Set<ChildProcess>();

function spawnWorker(): ChildProcess {
  const child = spawn(process.execPath, ['services/worker/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env, NODE_ENV: 'test', DATABASE_URL: db.url, REDIS_URL: redisUrl, QUEUE_PREFIX: prefix,
      PLAID_ENV: 'simulator', PLAID_SIMULATOR_URL: sim.url, PLAID_TOKEN_KEY: tokenKey, BANK_SYNC_LOCK_MS: '1500', MAIL_OUTBOX_DIR: '/tmp',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  spawned.add(child);
  child.once('exit', () => spawned.delete(child));
  return child;
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${output.slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

beforeAll(async () => {
  execFileSync('npx', ['tsc', '-b', 'services/worker'], { cwd: repoRoot, stdio: 'pipe' });
  sim = await startPlaidSimulator({ port: 0, today: '2025-03-15' });
  db = await createTestDatabase('bank_sync_crash');
  // The test's own context links the bank as the API would; it consumes nothing, and its link-time
  // sync request goes to another queue prefix, so only the spawned worker process syncs.
  const config = loadConfig(
    { ...process.env, DATABASE_URL: db.url, REDIS_URL: redisUrl, QUEUE_PREFIX: `${prefix}-linker`, PLAID_ENV: 'simulator', PLAID_SIMULATOR_URL: sim.url, PLAID_TOKEN_KEY: tokenKey },
    repoRoot,
  );
  app = await NestFactory.createApplicationContext(BankSyncWorkerModule.forRoot({ config, pool: db.pool, sync: { consume: false } }), { logger: false });
  await app.init();
}, 120_000);

afterAll(async () => {
  for (const child of spawned) child.kill('SIGKILL');
  await app?.close();
  await db?.drop();
  await sim?.close();
});

describe('the worker process under SIGKILL', () => {
  it('killed mid 2,000-row sync and restarted: nothing lost, nothing doubled', async () => {
    const userId = randomUUID();
    await new BudgetProvisioner(app.get<EventStore>(EVENT_STORE), app.get<Clock>(CLOCK), app.get<IdGenerator>(ID_GENERATOR)).provision(userId, randomUUID());
    const plaid = new PlaidApi(new Configuration({ basePath: sim.url, baseOptions: { headers: { 'PLAID-CLIENT-ID': 'test', 'PLAID-SECRET': 'test' } } }));
    const { data } = await plaid.sandboxPublicTokenCreate({
      institution_id: 'ins_109508', initial_products: [Products.Transactions], options: { transaction_count: ROWS, override_accounts: ['checking'] } as never,
    });
    await app.get(CommandBus).execute(new LinkOnlineInstitution(userId, data.public_token, 'ins_109508', '2024-01-01'));
    const itemId = (await app.get(PlaidItemStore).listByUser(userId))[0]!.itemId;

    const recorded = async () =>
      Number((await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM es_events WHERE user_id = $1 AND type = 'TransactionRecorded' AND metadata->>'actor' = 'plaid'`, [userId])).rows[0]!.n);

    const queue = new BankSyncQueue({ redisUrl, prefix });
    try {
      const first = spawnWorker();
      await waitUntil(async () => output.includes('Syncing Plaid items'), 60_000, 'the worker to start');
      const jobId = await queue.request(itemId, 'test');
      await waitUntil(async () => (await recorded()) > 0, 30_000, 'the first rows');
      const atKill = await recorded();
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
      expect(atKill).toBeLessThan(ROWS);
      expect((await app.get(PlaidItemStore).findByItemId(itemId))!.cursor).toBeNull();

      spawnWorker();
      await waitUntil(async () => (await app.get(PlaidItemStore).findByItemId(itemId))!.cursor !== null, 60_000, 'the sync to finish after the restart');
      expect(await recorded()).toBe(ROWS);
      const { rows } = await db.pool.query<{ streams: string; rows: string }>(
        `SELECT count(DISTINCT stream_id) AS streams, (SELECT count(*) FROM ledger_transactions WHERE user_id = $1 AND provider = 'PLAID') AS rows
           FROM es_events WHERE user_id = $1 AND type = 'TransactionRecorded' AND metadata->>'actor' = 'plaid'`, [userId]);
      expect(rows[0]).toEqual({ streams: String(ROWS), rows: String(ROWS) });
      // The job completes just after the cursor is stored (it first asks for the sync's push).
      await waitUntil(async () => (await (await queue.raw.getJob(jobId))?.getState()) === 'completed', 10_000, 'the job to complete');
      console.log(`bank-sync crash: killed at ${atKill}/${ROWS} rows recorded; after the restart ${ROWS}/${ROWS}, each once`);
    } finally {
      await queue.close();
    }
  }, 180_000);
});
