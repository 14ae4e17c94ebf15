import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitForMailTo } from '@budget/platform';
import { FILE_ROWS, ofxFile } from '../fill.js';
import { percentile } from '../measure/timing.js';

/**
 * The load test (README "Load"): drives the real HTTP API of a running product — as
 * `npm run start:prod` runs it — with many users at once, the way the web client calls it.
 *
 * 1. Sets up `--users` users through the API: sign-up with the mailed code (read from the mail
 *    outbox folder the services write to), an offline institution with a checking account, and
 *    `--transactions` transactions spread over the users, imported as 5,000-row OFX files (the
 *    real write path, projected as every write is).
 * 2. Runs the mix for `--minutes`: every user at once, each in a loop of one call after the other,
 *    80% reads (the register, the category tree, the category balances, the payee report, the
 *    change feed page) and 20% writes (a transaction, a funding, a rebalance, a sync of the linked
 *    banks, which for offline users is the cheap "nothing linked" answer).
 * 3. Prints throughput, p50/p95/p99 per call, the errors (a 5xx, or any status the call does not
 *    answer in normal use), and the projection lag sampled once a second from /api/v1/health
 *    (0 with inline projection; the projector's oldest unapplied event with PROJECTION=async).
 *
 * The users sign up from distinct client addresses (X-Forwarded-For), so the per-address sign-up
 * limits do not decide the run: start the product with TRUST_PROXY=true for it. Run:
 *   JWT_SECRET=… PLAID_TOKEN_KEY=… TRUST_PROXY=true npm run start:prod    # one terminal
 *   npm run bench:load -- [--users 50] [--transactions 1000000] [--minutes 10] [--think-ms 0] [--users-file F [--no-fill]] [--url http://127.0.0.1:3000] [--outbox .data/outbox]
 */
const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number`);
  return value;
};
const text = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1]! : fallback;
};
const users = argument('users', 50);
const transactions = argument('transactions', 1_000_000);
const minutes = argument('minutes', 10);
/**
 * `--think-ms N`: each user pauses a random 0–2N ms (mean N) between calls, as a person does. 0 (the
 * default) is a closed loop — every user calls again the moment an answer arrives — which finds the
 * machine's ceiling rather than what 50 people clicking see.
 */
const thinkMs = argument('think-ms', 0);
const base = text('url', 'http://127.0.0.1:3000').replace(/\/$/, '');
const outbox = text('outbox', join(process.cwd(), '.data', 'outbox'));
const PASSWORD = 'Load-test-123';
// `--no-fill`: the users of `--users-file` keep what they hold (bench:search's 20,000 each, over six accounts).
const noFill = process.argv.includes('--no-fill');

interface LoadUser {
  username: string;
  /** Users of a users file may have their own (`bench:search`'s); the rest sign up with PASSWORD. */
  password?: string;
  email: string;
  ip: string;
  access: string;
  accountId: string;
  groceries: string;
  dining: string;
  fundingPool: string;
  feedPosition: string;
  feedPolledAt: number;
}

interface Answer {
  status: number;
  body: string;
}

async function call(user: Pick<LoadUser, 'ip'> & Partial<Pick<LoadUser, 'access'>>, method: string, path: string, body?: unknown, type = 'application/json'): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': user.ip };
  if (user.access) headers.authorization = `Bearer ${user.access}`;
  if (body !== undefined) headers['content-type'] = type;
  if (method !== 'GET') headers['idempotency-key'] = crypto.randomUUID();
  const response = await fetch(`${base}/api/v1/${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: await response.text() };
}

function expectStatus(answer: Answer, what: string, ...ok: number[]): unknown {
  if (!ok.includes(answer.status)) throw new Error(`${what} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  return answer.body ? (JSON.parse(answer.body) as unknown) : null;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function signUp(index: number): Promise<LoadUser> {
  const tag = `load${Date.now().toString(36)}${index}`;
  const partial = { username: tag, email: `${tag}@example.test`, ip: `10.${randomInt(256)}.${randomInt(256)}.${1 + (index % 254)}` };
  const since = new Date(Date.now() - 1000);
  expectStatus(await call(partial, 'POST', 'register', { username: tag, email: partial.email, password: PASSWORD, passwordConfirmation: PASSWORD }), 'register', 200);
  const mail = await waitForMailTo(outbox, partial.email, { since, timeoutMs: 60_000 });
  const code = /[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(mail.text)?.[0];
  if (!code) throw new Error(`no code in the mail to ${partial.email}`);
  const tokens = expectStatus(await call(partial, 'POST', 'code-verify', { email: partial.email, code }), 'code-verify', 200) as Json;
  const access = tokens.data.access as string;
  const me = { ...partial, access };
  const institution = expectStatus(
    await call(me, 'POST', 'institution', {
      institution: { name: 'Load Bank' },
      accounts: [{ name: 'Checking', balance: 5000, type: 'depository', subtype: 'checking', tracking: 'Transactions' }],
      startDate: '2022-12-01',
    }),
    'add institution', 201,
  ) as Json;
  const tree = (expectStatus(await call(me, 'GET', 'groups'), 'groups', 200) as Json).data as Json;
  const category = (name: string) => (tree.categories as Json[]).find((c) => c.name === name)?.id as string;
  return {
    ...me,
    accountId: (institution.data.accounts as Json[])[0]!.id as string,
    groceries: category('Groceries'),
    dining: category('Dining Out') ?? category('Restaurants') ?? category('Groceries'),
    fundingPool: category('Funding Pool'),
    feedPosition: '0',
    feedPolledAt: 0,
  };
}

/** Re-signs in when the access token ran out during a long run. */
async function signIn(user: LoadUser): Promise<void> {
  const tokens = expectStatus(await call({ ip: user.ip }, 'POST', 'login', { username: user.username, password: user.password ?? PASSWORD }), 'login', 200) as Json;
  user.access = tokens.data.access as string;
}

async function fill(user: LoadUser, count: number, fileBase: number): Promise<void> {
  let file = fileBase;
  for (let left = count; left > 0; left -= FILE_ROWS) {
    const rows = Math.min(FILE_ROWS, left);
    const send = () => call(user, 'POST', `account/${user.accountId}/ofx`, ofxFile(file, rows), 'application/x-ofx');
    let answer = await send();
    // An access token lives 15 minutes and a large fill outlasts it: a 401 stored nothing, so sign in and send again.
    if (answer.status === 401) {
      await signIn(user);
      answer = await send();
    }
    expectStatus(answer, 'OFX import', 201);
    file += 1;
  }
}

/**
 * `--users-file F` (one username a line, users an earlier run signed up with the same password;
 * or `username password`, e.g. bench:search's users from its table `ledger_bench_search_users`):
 * signs them in instead of signing new users up, and fills each only up to its share, so a fill
 * cut short (or a second run on the same data) goes on from what is stored; `--no-fill` fills none.
 */
async function reuse(username: string, password: string | undefined, index: number): Promise<{ user: LoadUser; stored: number }> {
  const user = { username, ...(password ? { password } : {}), email: '', ip: `10.${randomInt(256)}.${randomInt(256)}.${1 + (index % 254)}`, access: '' } as LoadUser;
  await signIn(user);
  const institutions = (expectStatus(await call(user, 'GET', 'connected-accounts'), 'connected-accounts', 200) as Json).data as Json[];
  // This bench's users have 'Checking'; bench:search's (its data set's) have 'Everyday Checking'.
  const account = institutions.flatMap((i) => i.accounts as Json[]).find((a) => a.name === 'Checking' || a.name === 'Everyday Checking');
  if (!account) throw new Error(`${username} has no Checking account`);
  const tree = (expectStatus(await call(user, 'GET', 'groups'), 'groups', 200) as Json).data as Json;
  const category = (name: string) => (tree.categories as Json[]).find((c) => c.name === name)?.id as string;
  const page = expectStatus(await call(user, 'GET', `account/${account.id as string}/transactions?offset=0&limit=1`), 'register', 200) as Json;
  const stored = Number(page.data.transactionsCount);
  Object.assign(user, {
    accountId: account.id as string,
    groceries: category('Groceries'),
    dining: category('Dining Out') ?? category('Restaurants') ?? category('Groceries'),
    fundingPool: category('Funding Pool'),
    feedPosition: '0',
    feedPolledAt: 0,
  });
  return { user, stored };
}

/** One call of the mix: its name, and the statuses it answers in normal use. */
interface Op {
  name: string;
  weight: number;
  ok: number[];
  run(user: LoadUser, n: number): Promise<Answer>;
}

const today = new Date().toISOString().slice(0, 10);
const OPS: Op[] = [
  { name: 'GET register', weight: 25, ok: [200], run: (u) => call(u, 'GET', `account/${u.accountId}/transactions?offset=0&limit=30`) },
  { name: 'GET /groups', weight: 20, ok: [200], run: (u) => call(u, 'GET', 'groups') },
  { name: 'GET /category-balances', weight: 10, ok: [200], run: (u) => call(u, 'GET', `category-balances?date=${today}`) },
  { name: 'GET payee report', weight: 10, ok: [200], run: (u) => call(u, 'GET', 'reports/payee?startDate=2023-01-01&endDate=2024-12-31') },
  {
    // The web client holds one stream open; a polling client asks for a page at most every 2 s
    // (the route allows 60 a minute per user). Sooner than that, this user reads the tree instead.
    name: 'GET /events (page)', weight: 15, ok: [200],
    run: async (u) => {
      if (Date.now() - u.feedPolledAt < 2_000) return call(u, 'GET', 'groups');
      u.feedPolledAt = Date.now();
      const answer = await call(u, 'GET', `events?after=${u.feedPosition}`);
      if (answer.status === 200) u.feedPosition = (JSON.parse(answer.body) as Json).position as string;
      return answer;
    },
  },
  {
    name: 'POST transaction', weight: 10, ok: [200, 201, 202],
    run: (u, n) => call(u, 'POST', `account/${u.accountId}/transactions`, { date: today, name: `Load shop ${n % 97}`, amount: -12.34, principle: 0, categories: [{ categoryId: u.groceries, amount: -12.34 }] }),
  },
  {
    name: 'POST funding', weight: 4, ok: [200, 201, 202],
    run: (u) => call(u, 'POST', 'category-transfer', { date: today, type: 2, categories: [{ categoryId: u.fundingPool, amount: -1 }, { categoryId: u.groceries, amount: 1 }] }),
  },
  {
    name: 'POST rebalance', weight: 3, ok: [200, 201, 202],
    run: (u) => call(u, 'POST', 'category-transfer', { date: today, type: 3, categories: [{ categoryId: u.groceries, amount: -1 }, { categoryId: u.dining, amount: 1 }] }),
  },
  { name: 'POST /institutions/sync', weight: 3, ok: [200, 202], run: (u) => call(u, 'POST', 'institutions/sync', {}) },
];
const TOTAL_WEIGHT = OPS.reduce((sum, op) => sum + op.weight, 0);
const pick = (): Op => {
  let at = randomInt(TOTAL_WEIGHT);
  for (const op of OPS) if ((at -= op.weight) < 0) return op;
  return OPS[0]!;
};

async function main(): Promise<void> {
  console.log(`load: ${users} users, ${transactions} transactions, ${minutes} min, think ${thinkMs} ms, against ${base} (mail from ${outbox})`);
  const started = performance.now();
  const team: LoadUser[] = [];
  const stored = new Map<LoadUser, number>();
  const usersFile = text('users-file', '');
  if (usersFile) {
    const lines = readFileSync(usersFile, 'utf8').split('\n').map((line) => line.trim()).filter(Boolean).slice(0, users);
    for (const [index, line] of lines.entries()) {
      const [name, password] = line.split(/\s+/);
      const found = await reuse(name!, password, index);
      team.push(found.user);
      stored.set(found.user, found.stored);
    }
    console.log(`signed in ${team.length} users of ${usersFile} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } else {
    for (let i = 0; i < users; i += 5) team.push(...(await Promise.all(Array.from({ length: Math.min(5, users - i) }, (_, k) => signUp(i + k)))));
    console.log(`signed up ${team.length} users in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const perUser = Math.floor(transactions / users);
  const filling = performance.now();
  for (let i = 0; i < team.length && !noFill; i += 2) {
    // A file's rows are keyed by its number (ofxFile): files already stored are skipped, never sent twice.
    await Promise.all(team.slice(i, i + 2).map((user, k) => {
      const have = Math.min(perUser, Math.floor((stored.get(user) ?? 0) / FILE_ROWS) * FILE_ROWS);
      return fill(user, perUser - have, (i + k) * 1000 + have / FILE_ROWS);
    }));
    process.stdout.write(`\rfilled ${Math.min(team.length, i + 2) * perUser} of ${perUser * team.length} transactions`);
  }
  console.log(` in ${((performance.now() - filling) / 1000).toFixed(1)} s`);

  const samples = new Map<string, number[]>(OPS.map((op) => [op.name, []]));
  const errors = new Map<string, { count: number; example: string }>();
  const lag: number[] = [];
  const deadline = Date.now() + minutes * 60_000;
  let calls = 0;
  const sampler = (async () => {
    while (Date.now() < deadline) {
      try {
        const health = JSON.parse((await call({ ip: '127.0.0.1' }, 'GET', 'health')).body) as Json;
        lag.push(Number(health.projector.lagMs));
      } catch {
        // a missed sample is no data
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
  const runStarted = performance.now();
  await Promise.all(
    team.map(async (user) => {
      while (Date.now() < deadline) {
        const op = pick();
        const t0 = performance.now();
        let answer: Answer;
        try {
          answer = await op.run(user, calls);
          if (answer.status === 401) {
            await signIn(user);
            answer = await op.run(user, calls);
          }
        } catch (error) {
          answer = { status: 0, body: String(error) };
        }
        samples.get(op.name)!.push(performance.now() - t0);
        calls += 1;
        if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, randomInt(2 * thinkMs + 1)));
        if (!op.ok.includes(answer.status)) {
          const key = `${op.name} → ${answer.status}`;
          const seen = errors.get(key) ?? { count: 0, example: answer.body.slice(0, 160) };
          seen.count += 1;
          errors.set(key, seen);
        }
      }
    }),
  );
  const seconds = (performance.now() - runStarted) / 1000;
  await sampler;

  const errorCount = [...errors.values()].reduce((sum, e) => sum + e.count, 0);
  console.log(`\n${calls} calls in ${seconds.toFixed(0)} s: ${(calls / seconds).toFixed(1)} calls/s, errors ${errorCount} (${((100 * errorCount) / Math.max(1, calls)).toFixed(3)}%)`);
  console.log('| call | n | p50 ms | p95 ms | p99 ms |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, list] of samples) {
    console.log(`| ${name} | ${list.length} | ${percentile(list, 50).toFixed(1)} | ${percentile(list, 95).toFixed(1)} | ${percentile(list, 99).toFixed(1)} |`);
  }
  const reads = OPS.filter((op) => op.name.startsWith('GET')).flatMap((op) => samples.get(op.name)!);
  const writes = OPS.filter((op) => !op.name.startsWith('GET')).flatMap((op) => samples.get(op.name)!);
  console.log(`reads p99 ${percentile(reads, 99).toFixed(1)} ms, writes p99 ${percentile(writes, 99).toFixed(1)} ms`);
  console.log(`projection lag (once a second, ${lag.length} samples): p50 ${percentile(lag, 50)} ms, p99 ${percentile(lag, 99)} ms, max ${Math.max(0, ...lag)} ms`);
  for (const [key, { count, example }] of errors) console.log(`error ${key}: ${count} × ${example}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
