import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Configuration, PlaidApi, Products } from 'plaid';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startPlaidSimulator, type RunningPlaidSimulator } from '@budget/plaid-simulator';
import { rebuildReadModels, PostgresEventStore } from '@budget/platform';
import { freePort } from '@budget/platform/testing';
import { allProjections } from '@budget/read-models';
import { SERVICES, serviceEnv, startServices, waitForHealth } from './stack.js';
import { startFakeSmtp, startPrivatePostgres, startPrivateRedis, type FakeSmtp, type PrivatePostgres, type PrivateRedis } from './private-services.js';

/**
 * The fault suite (README "Faults"): the production start (NODE_ENV=production, PROJECTION=async,
 * so the projector matters) on a PostgreSQL, a Redis and an SMTP relay of its own, with two users
 * writing all along as the web client does (one Idempotency-Key per action, sent again until it has
 * its answer). Faults, one after the other: SIGKILL of the api, the projector and the worker (a
 * bank sync in flight), PostgreSQL restarted, Redis restarted (it keeps nothing: every queued job is
 * gone), the mail relay refusing, Plaid answering 500 and 429. After each: no acknowledged write
 * lost, none doubled, read models equal to a rebuild, every queued job finished. The outcome of
 * each case is printed; the test passes when every case does.
 */
const PASSWORD = 'Faults-123';
let postgres: PrivatePostgres;
let redis: PrivateRedis;
let smtp: FakeSmtp;
let sim: RunningPlaidSimulator;
let databaseUrl = '';
let url = '';
let env: NodeJS.ProcessEnv;
let outbox = '';
const running = new Map<string, { stop(): Promise<unknown>; child: { kill(signal: NodeJS.Signals): boolean } }>();
let shuttingDown = false;
const restarts: string[] = [];

/**
 * Starts a service and supervises it as Kubernetes or compose would: a process that ends on its own
 * (killed, or exiting on purpose, as the projector does when its leader lock's connection dies) is
 * started again.
 */
function start(name: string): void {
  const service = SERVICES.find((s) => s.name === name)!;
  const started = startServices({ env, services: [service] });
  running.set(name, { stop: started.stop, child: started.children[0]!.child });
  void started.firstExit.then(() => {
    if (shuttingDown || running.get(name)?.child !== started.children[0]!.child) return;
    restarts.push(name);
    setTimeout(() => !shuttingDown && start(name), 500);
  });
}

async function restartAfterKill(name: string): Promise<void> {
  const before = restarts.length;
  running.get(name)!.child.kill('SIGKILL');
  await until(`${name} to be started again`, async () => restarts.length > before);
}

interface Writer {
  username: string;
  email: string;
  access: string;
  accountId: string;
  groceries: string;
  /** Acknowledged writes: the key, the transaction id the answer named, the amount in cents. */
  acked: { key: string; id: string; cents: number }[];
}

const writers: Writer[] = [];
let writing = false;
let loops: Promise<void>[] = [];

async function api(method: string, path: string, token: string | null, body?: unknown, key?: string): Promise<{ status: number; json: () => any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key) headers['idempotency-key'] = key;
  const response = await fetch(`${url}/api/v1/${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}), signal: AbortSignal.timeout(60_000) });
  const text = await response.text();
  return { status: response.status, json: () => JSON.parse(text) };
}

/** Waits until `check` holds (bounded generously: the machine may be busy). */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

async function signUp(tag: string): Promise<{ username: string; email: string; access: string }> {
  const username = `${tag}${Date.now().toString(36)}`;
  const email = `${username}@example.test`;
  await until(`register ${username}`, async () => (await api('POST', 'register', null, { username, email, password: PASSWORD, passwordConfirmation: PASSWORD })).status === 200, 60_000);
  let code = '';
  await until(`the code mailed to ${email}`, async () => {
    const mail = smtp.messages.find((m) => m.to.includes(email));
    code = codeInMail(mail?.text ?? '');
    return code !== '';
  });
  const verified = await api('POST', 'code-verify', null, { email, code });
  expect(verified.status).toBe(200);
  return { username, email, access: verified.json().data.access };
}

/** The code in a mail as the relay received it: after the headers, quoted-printable soft breaks joined, standing alone. */
function codeInMail(raw: string): string {
  const body = raw.slice(Math.max(0, raw.indexOf('\n\n'))).replace(/=\n/g, '');
  return /(?:^|\s)([0-9A-Z]{4}-[0-9A-Z]{4})(?=\s|$|<|\.)/m.exec(body)?.[1] ?? '';
}

/** One writer's loop: one transaction after another, each sent again with its key until answered in full. */
async function writeLoop(writer: Writer): Promise<void> {
  let n = 0;
  while (writing) {
    n += 1;
    const key = randomUUID();
    const cents = -(100 + ((n * 37) % 900));
    while (!shuttingDown) {
      try {
        const answer = await api('POST', `account/${writer.accountId}/transactions`, writer.access,
          { date: '2026-01-15', name: `fault ${n}`, amount: cents / 100, principle: 0, categories: [{ categoryId: writer.groceries, amount: cents / 100 }] }, key);
        if (answer.status === 201 || answer.status === 200) {
          writer.acked.push({ key, id: answer.json().transaction.id, cents });
          break;
        }
        if (answer.status === 401) writer.access = (await api('POST', 'login', null, { username: writer.username, password: PASSWORD })).json().data.access;
      } catch {
        // no answer (the api is down): the same key again
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function pauseWriters(): Promise<void> {
  writing = false;
  await Promise.all(loops);
}
function resumeWriters(): void {
  writing = true;
  loops = writers.map((writer) => writeLoop(writer));
}

/** Every read-model row, in a stable order. */
async function snapshot(db: pg.Pool): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of new Set(allProjections.flatMap((p) => p.tables))) out[table] = (await db.query(`SELECT * FROM ${table} AS row ORDER BY row::text`)).rows;
  return out;
}

/** The invariants after a fault: nothing acknowledged lost or doubled, read models = a rebuild, queued jobs done. */
async function check(db: pg.Pool): Promise<string[]> {
  const problems: string[] = [];
  await pauseWriters();
  await until('the api to answer', async () => (await api('GET', 'health', null)).status === 200);
  await until('the projector to catch up', async () => (await api('GET', 'health', null)).json().projector.lagEvents === 0);
  for (const writer of writers) {
    const { rows } = await db.query<{ id: string; amount: string }>(
      `SELECT id::text, amount_cents::text AS amount FROM ledger_transactions WHERE account_id = $1 AND name LIKE 'fault %' AND NOT deleted`, [writer.accountId]);
    const stored = new Map(rows.map((r) => [r.id, Number(r.amount)]));
    const lost = writer.acked.filter((a) => !stored.has(a.id));
    if (lost.length > 0) problems.push(`${writer.username}: ${lost.length} acknowledged write(s) lost`);
    if (rows.length !== writer.acked.length) problems.push(`${writer.username}: ${rows.length} stored for ${writer.acked.length} acknowledged (doubled or unacknowledged)`);
  }
  await until('every queued job to finish', async () => (await db.query('SELECT 1 FROM job_outbox WHERE finished_at IS NULL')).rowCount === 0).catch((error: unknown) => problems.push(String(error)));
  const live = await snapshot(db);
  const store = await PostgresEventStore.create(db, databaseUrl);
  try {
    await rebuildReadModels({ pool: db, store, projections: allProjections });
  } finally {
    await store.close();
  }
  const rebuilt = await snapshot(db);
  for (const table of Object.keys(live)) {
    if (JSON.stringify(live[table]) !== JSON.stringify(rebuilt[table])) problems.push(`${table} differs from a rebuild`);
  }
  resumeWriters();
  return problems;
}

let db: pg.Pool;
let plaid: PlaidApi;
let itemOwner: { access: string } | null = null;
const outcomes: { fault: string; problems: string[] }[] = [];

beforeAll(async () => {
  [postgres, redis, smtp, sim] = await Promise.all([startPrivatePostgres(), startPrivateRedis(), startFakeSmtp(), startPlaidSimulator({ port: 0 })]);
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('CREATE DATABASE faults');
  await admin.end();
  databaseUrl = postgres.url.replace(/\/postgres$/, '/faults');
  db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  db.on('error', () => undefined);
  const port = await freePort();
  outbox = mkdtempSync(join(tmpdir(), 'budget-faults-outbox-'));
  env = {
    ...serviceEnv({
      databaseUrl, redisUrl: redis.url, port, nodeEnv: 'production',
      env: { ...process.env, MAIL_OUTBOX_DIR: outbox },
    }),
    PROJECTION: 'async',
    SMTP_URL: smtp.url,
    PLAID_ENV: 'simulator',
    PLAID_SIMULATOR_URL: sim.url,
    PLAID_TOKEN_KEY: randomBytes(32).toString('base64'),
  };
  url = `http://127.0.0.1:${port}`;
  for (const name of ['api', 'projector', 'worker']) start(name);
  await waitForHealth(`${url}/api/v1/health`, { timeoutMs: 120_000 });
  plaid = new PlaidApi(new Configuration({ basePath: sim.url, baseOptions: { headers: { 'PLAID-CLIENT-ID': 'faults', 'PLAID-SECRET': 'faults' } } }));

  for (const tag of ['fa', 'fb']) {
    const user = await signUp(tag);
    const made = await api('POST', 'institution', user.access, {
      institution: { name: 'Faults Bank' }, startDate: '2026-01-01',
      accounts: [{ name: 'Checking', balance: 1000, type: 'depository', subtype: 'checking', tracking: 'Transactions' }],
    }, randomUUID());
    expect(made.status).toBe(201);
    const tree = (await api('GET', 'groups', user.access)).json().data;
    writers.push({
      ...user, accountId: made.json().data.accounts[0].id, acked: [],
      groceries: tree.categories.find((c: { name: string }) => c.name === 'Groceries').id,
    });
  }
  resumeWriters();
}, 300_000);

afterAll(async () => {
  shuttingDown = true;
  writing = false;
  await Promise.allSettled(loops);
  await Promise.allSettled([...running.values()].map((s) => s.stop()));
  await db?.end().catch(() => undefined);
  await Promise.allSettled([redis?.stop(), smtp?.close(), sim?.close()]);
  postgres?.stop();
  if (outbox) rmSync(outbox, { recursive: true, force: true });
  console.log(`faults: ${outcomes.filter((o) => o.problems.length === 0).length} of ${outcomes.length} passed`);
  for (const o of outcomes) console.log(`  ${o.problems.length === 0 ? 'pass' : 'FAIL'}  ${o.fault}${o.problems.length ? `: ${o.problems.join('; ')}` : ''}`);
});

/** Runs one fault while the writers write, lets them write on, then checks. */
async function fault(name: string, inject: () => Promise<void>): Promise<void> {
  const before = writers.map((w) => w.acked.length);
  await inject();
  // Writing goes on after the fault: at least a few more acknowledged writes per writer.
  await until(`writes after: ${name}`, async () => writers.every((w, i) => w.acked.length >= before[i]! + 3));
  const problems = await check(db);
  outcomes.push({ fault: name, problems });
  expect(problems).toEqual([]);
}

describe('faults during writes', () => {
  test('SIGKILL of the api', () => fault('SIGKILL api', () => restartAfterKill('api')), 300_000);

  test('SIGKILL of the projector', () => fault('SIGKILL projector', () => restartAfterKill('projector')), 300_000);

  test("SIGKILL of the worker with a bank link's first sync queued or running", () =>
    fault('SIGKILL worker', async () => {
      itemOwner = writers[0]!;
      const { data } = await plaid.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Transactions] });
      const linked = await api('POST', 'institution', itemOwner.access, { publicToken: data.public_token, institutionId: 'ins_109508', startDate: '2025-12-01' }, randomUUID());
      expect(linked.status).toBe(201);
      // The link's first sync is queued: kill the worker while it runs (or waits), then start it again.
      await restartAfterKill('worker');
    }), 300_000);

  test('PostgreSQL restarted', () => fault('PostgreSQL restart', async () => postgres.restart()), 300_000);

  test('Redis restarted (every queued job lost with it)', () =>
    fault('Redis restart', async () => {
      // A sync asked for just before: its job is in Redis when Redis goes.
      await api('POST', 'institutions/sync', itemOwner!.access, {}, randomUUID());
      await redis.restart();
    }), 300_000);

  test('the mail relay refusing, then accepting again', () =>
    fault('mail relay refusing', async () => {
      smtp.refusing = true;
      const username = `fmail${Date.now().toString(36)}`;
      const email = `${username}@example.test`;
      expect((await api('POST', 'register', null, { username, email, password: PASSWORD, passwordConfirmation: PASSWORD })).status).toBe(200);
      await until('the relay to refuse the code mail', async () => smtp.refused > 0);
      smtp.refusing = false;
      await until('the code mail to arrive once the relay accepts', async () => smtp.messages.some((m) => m.to.includes(email)));
    }), 300_000);

  test('Plaid answering 500, then 429, to a sync', () =>
    fault('Plaid 500 and 429', async () => {
      for (const error_code of ['INTERNAL_SERVER_ERROR', 'RATE_LIMIT_EXCEEDED']) {
        sim.faults.push({ id: `fault-${error_code}`, item_id: null, endpoint: '/transactions/sync', error_code, times: 1, delayMs: 0 });
      }
      await api('POST', 'institutions/sync', itemOwner!.access, {}, randomUUID());
      // Each fault is dropped once it has answered; the job's retries (with backoff) then get through.
      await until('both faults to have answered', async () => sim.faults.every((f) => !String(f.id).startsWith('fault-')));
    }), 300_000);
});
