import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BankSyncQueue } from '@budget/bank-sync';
import { startPlaidSimulator } from '@budget/plaid-simulator';
import { createTestDatabase } from '@budget/platform/testing';
import { startBenchApi, type BenchApi } from './bench-api.js';
import { percentile } from './measure/timing.js';
import { seedUser, type SeededUser } from './seed-user.js';

/**
 * A first bank sync end to end (docs/architecture.md §8): the Plaid simulator in-process, the API
 * (`createApp`, requests by `app.inject`) and the real worker process (`services/worker/dist/main.js`,
 * its BullMQ `bank-sync` consumer) on a fresh database. Per run, a new user signs up with an offline
 * account, then links a simulated bank through the API (POST /institution online) whose first sync
 * holds exactly `--rows` transactions (default 5,000, one checking account); linking queues the sync.
 * Measured in the same run:
 * - the time from the job's start in the worker until the account register (read through the API,
 *   posted and pending pages' `transactionsCount`) shows every row; events/s = the events the sync
 *   appended (actor `plaid`) ÷ that time;
 * - the same user's manual writes (POST /account/{id}/transactions on their offline account, each
 *   with a fresh Idempotency-Key), one after another: `--baseline` of them before the link, and as
 *   many as fit while the sync runs; p50/p99 of each.
 * `--chunks 250,50` compares rows per ledger append (the worker's `BANK_SYNC_CHUNK_ROWS`), interleaved run by run.
 * `--runs` runs (default 3) per projection mode (`--modes inline,async`; async starts the projector
 * in-process and the worker waits for it as in production). `--profile` also prints which statements
 * the samples caught running. Run: `npm run bench:sync -- [--runs 3] [--rows 5000] [--modes inline,async]
 * [--chunks default,100] [--baseline 200] [--profile]` (builds this tool and the worker first; on a shared
 * machine build under `flock /tmp/budget-build.lock npx tsc -b tools/ledger-bench services/worker`, then
 * `node tools/ledger-bench/dist/sync.bench.js …`).
 */
const argument = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1]! : fallback;
};
const whole = (name: string, fallback: number) => {
  const value = Number(argument(name, String(fallback)));
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
  return value;
};
const runs = whole('runs', 3);
const rows = whole('rows', 5_000);
const baselineWrites = whole('baseline', 200);
const modes = argument('modes', 'inline').split(',') as ('inline' | 'async')[];
if (modes.some((m) => m !== 'inline' && m !== 'async')) throw new Error('--modes lists inline and/or async');
/** Rows per ledger append (the worker's `BANK_SYNC_CHUNK_ROWS`); `default` is the ledger's own. */
const chunks = argument('chunks', 'default').split(',');
if (chunks.some((c) => c !== 'default' && !(Number.isSafeInteger(Number(c)) && Number(c) > 0))) throw new Error('--chunks lists row counts or default');

const profile = process.argv.includes('--profile');
const profiled = new Map<string, number>();
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const POLL_MS = 100;
const TIMEOUT_MS = 300_000;

/** The worker as `npm start` runs it (both its contexts), on this database and queue prefix. */
async function startWorker(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  let output = '';
  const child = spawn(process.execPath, ['services/worker/dist/main.js'], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (!output.includes('Syncing Plaid items')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the worker did not start:\n${output.slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, output: () => output };
}

async function stopWorker(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A public token for a bank whose first sync holds exactly `count` rows on one checking account. */
async function publicToken(simulatorUrl: string, count: number): Promise<string> {
  const response = await fetch(`${simulatorUrl}/sandbox/public_token/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: 'bench', secret: 'bench', institution_id: 'ins_109508', initial_products: ['transactions'],
      options: { transaction_count: count, override_accounts: ['checking'], seed: randomUUID() },
    }),
  });
  const body = (await response.json()) as { public_token?: string };
  if (!response.ok || !body.public_token) throw new Error(`/sandbox/public_token/create answered ${response.status}: ${JSON.stringify(body)}`);
  return body.public_token;
}

/** Rows in an account's register through the API: the posted pages' count plus the pending ones'. */
async function registerCount(api: BenchApi, user: SeededUser, accountId: string): Promise<number> {
  let total = 0;
  for (const query of ['limit=1', 'pending=1&limit=1']) {
    const answer = await api.http.get(`account/${accountId}/transactions?${query}`, user.access);
    if (answer.status !== 200) throw new Error(`GET register answered ${answer.status}: ${answer.body}`);
    total += answer.json<{ data: { transactionsCount: number } }>().data.transactionsCount;
  }
  return total;
}

interface RunResult {
  /** Job start in the worker → every row in the register, ms. */
  visibleMs: number;
  /** The job's own run time (worker clock), ms. */
  jobMs: number;
  /** Link answer → job start, ms. */
  queuedMs: number;
  events: number;
  before: number[];
  during: number[];
  /** Share of the sync's samples in which a session waited for an advisory lock. */
  lockWaitShare: number;
}

async function runOnce(api: BenchApi, pool: BenchPool, simulatorUrl: string, queue: BankSyncQueue): Promise<RunResult> {
  const user = await seedUser(api, pool);
  const offline = user.target.accountIds[0]!;
  const category = user.target.categoryIds[0]!;
  let day = 0;
  const write = async (): Promise<number> => {
    const date = new Date(Date.UTC(2025, 0, 1 + (day++ % 700))).toISOString().slice(0, 10);
    const started = performance.now();
    const answer = await api.app.inject({
      method: 'POST', url: `/api/v1/account/${offline}/transactions`,
      payload: { date, name: 'Grocer', amount: -12.34, principle: 0, categories: [{ categoryId: category, amount: -12.34 }] },
      headers: { authorization: `Bearer ${user.access}`, 'idempotency-key': randomUUID() },
    });
    const ms = performance.now() - started;
    if (answer.statusCode !== 201) throw new Error(`POST transactions answered ${answer.statusCode}: ${answer.body}`);
    return ms;
  };
  for (let i = 0; i < 30; i++) await write();
  const before: number[] = [];
  for (let i = 0; i < baselineWrites; i++) before.push(await write());

  const token = await publicToken(simulatorUrl, rows);
  const linked = await api.http.post('institution', { publicToken: token, institutionId: 'ins_109508', startDate: '2020-01-01' }, user.access);
  const linkedAt = Date.now();
  if (linked.status !== 201) throw new Error(`POST institution answered ${linked.status}: ${linked.body}`);
  const accountId = linked.json<{ data: { accounts: { id: string }[] } }>().data.accounts[0]!.id;

  let syncing = true;
  const during: number[] = [];
  const writer = (async () => {
    while (syncing) during.push(await write());
  })();
  // Where the writes' time goes: every 20 ms, whether a session of this database waits for an
  // advisory lock (the user's append lock, held by a sync chunk's transaction) — the share of samples
  // with one is the share of the sync's time the user's writes spent queued behind a chunk.
  // With --profile, the statements seen running in each sample are counted (a sampling profile of the database).
  const samples = { total: 0, lockWait: 0 };
  const sampler = (async () => {
    while (syncing) {
      const { rows: seen } = await pool.query<{ waiting: boolean; state: string | null; query: string; wait: string | null }>(
        `SELECT wait_event_type = 'Lock' AND wait_event = 'advisory' AS waiting, state, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS query, wait_event AS wait
           FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'`,
      );
      samples.total += 1;
      if (seen.some((r) => r.waiting)) samples.lockWait += 1;
      if (profile) for (const r of seen) profiled.set(`${r.state} ${r.wait ?? ''} ${r.query}`, (profiled.get(`${r.state} ${r.wait ?? ''} ${r.query}`) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  let visibleAt = 0;
  try {
    const deadline = Date.now() + TIMEOUT_MS;
    for (;;) {
      if ((await registerCount(api, user, accountId)) >= rows) {
        visibleAt = Date.now();
        break;
      }
      if (Date.now() > deadline) throw new Error(`the register did not show ${rows} rows within ${TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    syncing = false;
    await Promise.all([writer, sampler]);
  }
  const { rows: items } = await pool.query<{ item_id: string }>('SELECT item_id FROM bank_items WHERE user_id = $1', [user.target.userId]);
  const jobs = await queue.raw.getJobs(['completed', 'active']);
  const job = jobs.find((j) => j.data.itemId === items[0]?.item_id && j.processedOn);
  if (!job?.processedOn) throw new Error('the sync job was not found');
  if (!job.finishedOn) await queue.wait(job.id!, TIMEOUT_MS);
  const finished = (await queue.raw.getJob(job.id!))!;
  const { rows: counted } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM es_events WHERE user_id = $1 AND metadata->>'actor' = $2`, [user.target.userId, 'plaid']);
  return {
    visibleMs: visibleAt - job.processedOn,
    jobMs: (finished.finishedOn ?? visibleAt) - job.processedOn,
    queuedMs: job.processedOn - linkedAt,
    events: Number(counted[0]!.n),
    before,
    during,
    lockWaitShare: samples.total === 0 ? 0 : samples.lockWait / samples.total,
  };
}

type BenchPool = Parameters<typeof seedUser>[1];

const fixed = (value: number, digits = 0) => value.toFixed(digits);
const listed = (values: number[], digits = 0) => `${fixed(percentile(values, 50), digits)} (${values.map((v) => fixed(v, digits)).join(', ')})`;
const summary: string[] = [];
for (const mode of modes) {
  const database = await createTestDatabase(`sync_bench_${mode}`);
  const sim = await startPlaidSimulator({ port: 0 });
  const prefix = `bench-sync-${randomBytes(6).toString('hex')}`;
  const mailDir = mkdtempSync(join(tmpdir(), 'sync-bench-mail-'));
  const env = { PLAID_ENV: 'simulator', PLAID_SIMULATOR_URL: sim.url, PLAID_TOKEN_KEY: randomBytes(32).toString('base64'), QUEUE_PREFIX: prefix };
  const api = await startBenchApi(database.url, database.pool, mode, env);
  const queue = new BankSyncQueue({ redisUrl, prefix });
  let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
  try {
    const results = new Map<string, RunResult[]>(chunks.map((chunk) => [chunk, []]));
    // Chunk sizes interleaved run by run, so the machine's drift falls on each alike.
    for (let run = 0; run < runs; run++) {
      for (const chunk of chunks) {
        worker = await startWorker({
          ...env, NODE_ENV: 'test', DATABASE_URL: database.url, REDIS_URL: redisUrl, PROJECTION: mode, PROJECTION_WAIT_MS: '60000', MAIL_OUTBOX_DIR: mailDir,
          ...(chunk === 'default' ? {} : { BANK_SYNC_CHUNK_ROWS: chunk }),
        });
        const r = await runOnce(api, database.pool, sim.url, queue);
        await stopWorker(worker.child);
        worker = null;
        results.get(chunk)!.push(r);
        console.log(
          `${mode}, chunk ${chunk}, run ${run + 1}: ${r.events} events; job start → all ${rows} rows in the register ${fixed(r.visibleMs)} ms (job ${fixed(r.jobMs)} ms, queued ${fixed(r.queuedMs)} ms)` +
            ` = ${fixed((r.events * 1000) / r.visibleMs)} events/s; writes before p50 ${fixed(percentile(r.before, 50), 1)} p99 ${fixed(percentile(r.before, 99), 1)} ms,` +
            ` during (${r.during.length}) p50 ${fixed(percentile(r.during, 50), 1)} p99 ${fixed(percentile(r.during, 99), 1)} max ${fixed(Math.max(...r.during), 1)} ms; a lock waited on in ${fixed(r.lockWaitShare * 100)}% of samples`,
        );
      }
    }
    for (const [chunk, list] of results) {
      const col = (f: (r: RunResult) => number, digits = 0) => listed(list.map(f), digits);
      summary.push(
        `| ${mode} | ${chunk} | ${col((r) => r.visibleMs)} | ${col((r) => (r.events * 1000) / r.visibleMs)} | ${col((r) => r.jobMs)} | ` +
          `${col((r) => percentile(r.before, 50), 1)} | ${col((r) => percentile(r.before, 99), 1)} | ${col((r) => percentile(r.during, 50), 1)} | ${col((r) => percentile(r.during, 99), 1)} | ` +
          `${col((r) => percentile(r.during, 99) / percentile(r.before, 99), 2)} | ${col((r) => r.during.length)} | ${col((r) => r.lockWaitShare * 100)} |`,
      );
    }
  } finally {
    if (worker) await stopWorker(worker.child);
    await queue.raw.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    await api.close();
    await database.drop();
    await sim.close();
    rmSync(mailDir, { recursive: true, force: true });
  }
}

console.log(`\nFirst bank sync of ${rows.toLocaleString('en')} transactions, ${runs} runs per mode: median (every run); the user's writes ${baselineWrites} before the link, all during the sync`);
console.log(
  '| projection | rows per append | job start → all rows in the register, ms | events/s | job run, ms | writes before p50, ms | before p99 | during p50 | during p99 | p99 during ÷ before | writes during | lock waited on, % of samples |\n' +
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
);
for (const line of summary) console.log(line);
if (profile) {
  console.log('\nStatements seen in the samples (state, wait event, statement), most often first:');
  for (const [query, count] of [...profiled].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${String(count).padStart(6)}  ${query}`);
}
