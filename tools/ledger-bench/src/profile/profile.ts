import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, closeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { waitForMailTo } from '@budget/platform';
import { createTestDatabase, freePort } from '@budget/platform/testing';
// The launcher's own pieces (a script, not an Nx project): the services start as `npm run start:prod` starts them.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { envFor, repoRoot, SERVICES, serviceEnv, startServices, waitForHealth } from '../../../launcher/lib/index.mjs';
import { positive } from '../args.js';
import { BENCH_ACCOUNTS, regularCategoryIds, START_DATE } from '../bulk/target.js';
import { FILE_ROWS, ofxFile } from '../fill.js';
import { formatSummary, summarise, type CpuProfile } from './summarise.js';

/**
 * CPU profiles of one route of the API in production mode (README, Performance, "CPU profiles").
 * Starts api, projector and worker as `npm run start:prod` does (compiled, NODE_ENV=production,
 * secrets from the environment: here fresh ones) on a throwaway database, the api with the
 * profile agent (`agent.ts`, inspector Profiler in the process); signs a user up through the API,
 * fills the first account with `--transactions` by 5,000-row OFX imports, drives `--warmup`
 * requests, then profiles `--requests` more over `--connections` keep-alive connections, and
 * prints the top self-time functions and packages. The `.cpuprofile` stays in `.data/profiles/`
 * (ignored by git; open it in Chrome DevTools or speedscope).
 *
 * Routes: `write` (POST /account/{id}/transactions, a one-split manual transaction with a fresh
 * Idempotency-Key), `groups` (GET /groups, repeated: after the first, answered from the answer
 * cache as production answers an unchanged read), `groups-uncached` (GET /groups with a query
 * parameter that differs on every request, so that the answer cache misses and the query runs).
 * `--file <x.cpuprofile>` only summarises a profile already taken.
 *
 * Run: `npm run profile -- --route write|groups|groups-uncached [--transactions 25000] [--requests 3000] [--warmup 300] [--connections 4] [--top 15]`.
 */
const { values } = parseArgs({
  options: {
    route: { type: 'string' },
    file: { type: 'string' },
    transactions: { type: 'string' },
    requests: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string' },
    top: { type: 'string' },
    'sampling-us': { type: 'string' },
  },
});
const top = positive('top', values.top, 15);

if (values.file) {
  const profile = JSON.parse(readFileSync(values.file, 'utf8')) as CpuProfile;
  console.log(formatSummary(summarise(profile, repoRoot), top));
  process.exit(0);
}

const ROUTES = ['write', 'groups', 'groups-uncached'] as const;
type Route = (typeof ROUTES)[number];
const route = values.route as Route;
if (!ROUTES.includes(route)) throw new Error(`--route must be one of ${ROUTES.join(', ')}`);
const transactions = positive('transactions', values.transactions, 25_000);
const requests = Math.max(1, positive('requests', values.requests, 3_000));
const warmup = positive('warmup', values.warmup, 300);
const connections = Math.max(1, positive('connections', values.connections, 4));
const samplingUs = Math.max(50, positive('sampling-us', values['sampling-us'], 500));

const say = (line: string) => console.log(`profile: ${line}`);
const agent = pathToFileURL(join(fileURLToPath(new URL('.', import.meta.url)), 'agent.js')).href;
const api = SERVICES.find((s) => s.name === 'api')!;
const others = SERVICES.filter((s) => s.name !== 'api');
for (const service of SERVICES) {
  if (!existsSync(join(repoRoot, service.script))) throw new Error(`${service.script} is not built: npm run profile builds it (tsc -b).`);
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const dir = join(repoRoot, '.data', 'profiles');
mkdirSync(dir, { recursive: true });
const out = join(dir, `${route}-${stamp}.cpuprofile`);
const apiLog = join(dir, `${route}-${stamp}.api.log`);

const database = await createTestDatabase('profile');
const outbox = mkdtempSync(join(tmpdir(), 'budget-profile-outbox-'));
const port = await freePort();
const env = {
  ...serviceEnv({
    databaseUrl: database.url,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    port,
    nodeEnv: 'production',
    env: { ...process.env, MAIL_OUTBOX_DIR: outbox, ACCESS_TOKEN_TTL_SECONDS: String(24 * 3600) },
  }),
  PLAID_TOKEN_KEY: randomBytes(32).toString('base64'),
};
const background = startServices({ env, services: others });
const logFd = openSync(apiLog, 'w');
const apiProcess = spawn(process.execPath, ['--enable-source-maps', join(repoRoot, api.script)], {
  cwd: repoRoot,
  env: { ...envFor(api, env), NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${agent}`.trim(), PROFILE_OUT: out, PROFILE_SAMPLING_US: String(samplingUs) },
  stdio: ['ignore', logFd, logFd],
});
let stopping = false;
const apiExited = new Promise<void>((resolve) =>
  apiProcess.once('exit', (code, signal) => {
    if (!stopping || signal !== "SIGTERM") console.error(`profile: the api ended (${signal ?? `exit code ${code}`}); its output: ${apiLog}`);
    resolve();
  }),
);
const base = `http://127.0.0.1:${port}/api/v1`;

async function call(method: string, path: string, body: unknown, token?: string, extra: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const response = await fetch(`${base}/${path}`, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && typeof body !== 'string' && { 'content-type': 'application/json' }),
      ...extra,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

async function waitForFile(path: string, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!existsSync(path)) {
    if (performance.now() > deadline) throw new Error(`${what} did not appear within ${timeoutMs / 1000} s (${path})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

try {
  await waitForHealth(`${base}/health`, { timeoutMs: 300_000 });
  say(`api (production, pid ${apiProcess.pid}) on ${base}, database ${database.name}`);

  const tag = `prof${Date.now().toString(36)}`;
  const email = `${tag}@example.test`;
  const since = new Date();
  const registered = await call('POST', 'register', { username: tag, email, password: 'Secret123', passwordConfirmation: 'Secret123' });
  if (registered.status !== 200) throw new Error(`register answered ${registered.status}: ${registered.text}`);
  const mail = await waitForMailTo(outbox, email, { since, timeoutMs: 60_000 });
  const code = /[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(mail.text)?.[0];
  if (!code) throw new Error('the welcome mail carries no code');
  const verified = await call('POST', 'code-verify', { email, code });
  if (verified.status !== 200) throw new Error(`code-verify answered ${verified.status}: ${verified.text}`);
  const access = (JSON.parse(verified.text) as { data: { access: string } }).data.access;
  const userId = (JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;

  const created = await call('POST', 'institution', { institution: { name: 'Profile Bank' }, accounts: BENCH_ACCOUNTS.map((a) => ({ ...a, tracking: 'Transactions' })), startDate: START_DATE }, access, { 'idempotency-key': randomUUID() });
  if (created.status !== 201) throw new Error(`POST institution answered ${created.status}: ${created.text}`);
  const accountId = (JSON.parse(created.text) as { data: { accounts: { id: string; name: string }[] } }).data.accounts.find((a) => a.name === BENCH_ACCOUNTS[0].name)!.id;
  const [categoryId] = await regularCategoryIds(database.pool, userId);

  const filling = performance.now();
  for (let file = 0, left = transactions; left > 0; file++, left -= FILE_ROWS) {
    const imported = await call('POST', `account/${accountId}/ofx`, ofxFile(file, Math.min(FILE_ROWS, left)), access, { 'content-type': 'application/x-ofx', 'idempotency-key': randomUUID() });
    if (imported.status !== 201) throw new Error(`import answered ${imported.status}: ${imported.text.slice(0, 300)}`);
    process.stdout.write(`\rprofile: ${Math.min(transactions, (file + 1) * FILE_ROWS).toLocaleString('en')} of ${transactions.toLocaleString('en')} transactions imported`);
  }
  if (transactions > 0) console.log(` in ${((performance.now() - filling) / 1000).toFixed(1)} s`);

  let day = 0;
  let sent = 0;
  const one = async (): Promise<number> => {
    const n = sent++;
    if (route === 'write') {
      const date = new Date(Date.UTC(2025, 0, 1 + (day++ % 700))).toISOString().slice(0, 10);
      const body = { date, name: 'Grocer', amount: -12.34, principle: 0, categories: [{ categoryId, amount: -12.34 }] };
      return (await call('POST', `account/${accountId}/transactions`, body, access, { 'idempotency-key': randomUUID() })).status;
    }
    return (await call('GET', route === 'groups' ? 'groups' : `groups?profile=${n}`, undefined, access)).status;
  };
  /** `count` requests over `connections` loops; the answers' statuses counted. */
  const drive = async (count: number) => {
    const statuses = new Map<number, number>();
    let left = count;
    const loop = async () => {
      while (left > 0) {
        left--;
        const status = await one();
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: connections }, loop));
    const seconds = (performance.now() - started) / 1000;
    const bad = [...statuses].filter(([s]) => s >= 300);
    if (bad.length > 0) throw new Error(`answers other than 2xx: ${bad.map(([s, n]) => `${s}×${n}`).join(' ')}`);
    return { seconds, statuses: [...statuses].map(([s, n]) => `${s}×${n}`).join(' ') };
  };

  await drive(warmup);
  say(`${warmup} warm-up requests done; profiling ${requests} (${route}, ${connections} connections, sampling every ${samplingUs} µs)`);
  const loadBefore = loadavg()[0]!;
  apiProcess.kill('SIGWINCH');
  await waitForFile(`${out}.started`, 'the profiler start');
  const measured = await drive(requests);
  apiProcess.kill('SIGWINCH');
  await waitForFile(out, 'the profile');
  const loadAfter = loadavg()[0]!;
  rmSync(`${out}.started`, { force: true });

  const summary = summarise(JSON.parse(readFileSync(out, 'utf8')) as CpuProfile, repoRoot);
  console.log(`\nCPU profile of the api (production mode), route ${route}: ${requests.toLocaleString('en')} requests (${measured.statuses}) in ${measured.seconds.toFixed(1)} s, ${(requests / measured.seconds).toFixed(0)} req/s over ${connections} connections; budget of ${transactions.toLocaleString('en')} transactions; ${new Date().toISOString()}; load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)} on ${(await import('node:os')).cpus().length} cores`);
  console.log(`profile: ${out}\napi log: ${apiLog}\n`);
  console.log(formatSummary(summary, top, requests));
} finally {
  stopping = true;
  apiProcess.kill('SIGTERM');
  await Promise.race([apiExited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (apiProcess.exitCode === null && apiProcess.signalCode === null) apiProcess.kill('SIGKILL');
  closeSync(logFd);
  await background.stop();
  await database.drop();
  rmSync(outbox, { recursive: true, force: true });
}
