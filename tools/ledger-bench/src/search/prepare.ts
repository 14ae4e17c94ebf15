import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { BankSyncQueue } from '@budget/bank-sync';
import { startPlaidSimulator } from '@budget/plaid-simulator';
import { signUp } from '@budget/identity/testing';
import { createPool, type Pool } from '@budget/platform';
import { createTestDatabase } from '@budget/platform/testing';
import { startBenchApi, type BenchApi } from '../bench-api.js';
import { fillDataSet } from '../reports/data-set.js';

/**
 * The search benchmark's data set (docs/architecture.md §4.9): `users` users of `perUser`
 * transactions each, every one made through the product's write path — the reports benchmark's
 * `fillDataSet` per user (OFX imports of 5,000-row statements auto-assigned by the user's rules, a
 * Plaid-linked card fed as the worker feeds it, manual entries, fundings, balance entries and
 * deletes through the API), each user with their own seed, so payees, amounts and dates differ.
 * Never the bulk generator: no read-model row is written but by the projections.
 */
/**
 * One row per user filled, written once that user's fill has finished: a fill stopped half-way
 * resumes with the next user, and a run measures the users filled so far (the benchmark's own
 * table, no read model's).
 */
const MARKER_TABLE = 'ledger_bench_search_users';
const CREATE_MARKER = `CREATE TABLE IF NOT EXISTS ${MARKER_TABLE} (
  per_user integer NOT NULL, seed integer NOT NULL, idx integer NOT NULL, user_id text NOT NULL, username text NOT NULL, password text NOT NULL,
  seconds double precision NOT NULL, filled_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (per_user, seed, idx))`;

export interface SearchUser {
  userId: string;
  username: string;
  password: string;
  access: string;
}

export interface SearchDataSet {
  pool: Pool;
  api: BenchApi;
  users: SearchUser[];
  /** Live and deleted transactions of the users. */
  transactions: number;
  /** Every row of ledger_transactions (a stopped fill's unfinished user adds rows no one measures). */
  tableRows: number;
  fillSeconds: number;
  filledNow: boolean;
  close(): Promise<void>;
}

async function ensureDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  const name = decodeURIComponent(admin.pathname.slice(1));
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    // An identifier cannot be bound; escapeIdentifier quotes it.
    if (rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

const subject = (access: string) => (JSON.parse(Buffer.from(access.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string }).sub;

/**
 * Finds the users already filled in `databaseUrl` (they sign in through POST /login) and fills
 * the rest there, `parallel` users at a time; with no URL, in a throwaway database dropped by `close`.
 */
export async function prepareSearchDataSet(options: {
  databaseUrl?: string | undefined;
  users: number;
  perUser: number;
  seed: number;
  parallel: number;
  /** False: measure the users filled so far, fill no more. */
  fill?: boolean;
  log: (line: string) => void;
}): Promise<SearchDataSet> {
  const { users, perUser, seed, log } = options;
  let database: { url: string; pool: Pool; drop: (() => Promise<void>) | null };
  if (options.databaseUrl) {
    await ensureDatabase(options.databaseUrl);
    database = { url: options.databaseUrl, pool: createPool(options.databaseUrl, 10), drop: null };
  } else {
    const made = await createTestDatabase('search_bench');
    database = { url: made.url, pool: made.pool, drop: () => made.drop() };
  }
  const { pool } = database;
  const simulator = await startPlaidSimulator({ port: 0 });
  const queuePrefix = `search-bench-${randomBytes(6).toString('hex')}`;
  const queue = new BankSyncQueue({ redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix: queuePrefix });
  let api: BenchApi | null = null;
  const close = async () => {
    await api?.close().catch(() => undefined);
    await queue.raw.obliterate({ force: true }).catch(() => undefined);
    await queue.close().catch(() => undefined);
    await simulator.close().catch(() => undefined);
    if (database.drop) await database.drop().catch(() => undefined);
    else await pool.end().catch(() => undefined);
  };
  try {
    api = await startBenchApi(database.url, pool, undefined, {
      PLAID_ENV: 'simulator', PLAID_SIMULATOR_URL: simulator.url, PLAID_TOKEN_KEY: randomBytes(32).toString('base64'), QUEUE_PREFIX: queuePrefix,
    });
    const started = api;
    await pool.query(CREATE_MARKER);
    const found = (
      await pool.query<{ idx: number; user_id: string; username: string; password: string; seconds: number }>(
        `SELECT idx, user_id, username, password, seconds FROM ${MARKER_TABLE} WHERE per_user = $1 AND seed = $2 AND idx < $3 ORDER BY idx`,
        [perUser, seed, users],
      )
    ).rows;
    const made: SearchUser[] = [];
    let fillSeconds = found.reduce((sum, row) => sum + row.seconds, 0);
    for (const login of found) {
      const answer = await started.http.post('login', { username: login.username, password: login.password });
      if (answer.status !== 200) throw new Error(`login answered ${answer.status}: ${answer.body}`);
      made[login.idx] = { userId: login.user_id, username: login.username, password: login.password, access: answer.json<{ data: { access: string } }>().data.access };
    }
    const missing = options.fill === false ? [] : Array.from({ length: users }, (_, i) => i).filter((i) => made[i] === undefined);
    if (found.length > 0) log(`${found.length} of ${users} users found filled (${fillSeconds.toFixed(0)} s of fill); ${missing.length} to fill`);
    const begun = performance.now();
    const worker = async () => {
      for (let index = missing.shift(); index !== undefined; index = missing.shift()) {
        const userStarted = performance.now();
        const user = await signUp(started.http, started.mail, `search${index}`);
        const userId = subject(user.access);
        const filled = await fillDataSet(started, pool, { userId, access: user.access }, { total: perUser, seed: seed * 1000 + index, simulatorUrl: simulator.url, log: () => undefined });
        made[index] = { userId, username: user.username, password: user.password, access: user.access };
        const seconds = (performance.now() - userStarted) / 1000 / Math.max(1, options.parallel);
        await pool.query(`INSERT INTO ${MARKER_TABLE} (per_user, seed, idx, user_id, username, password, seconds) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
          perUser, seed, index, userId, user.username, user.password, seconds,
        ]);
        log(`user ${index + 1} of ${users} filled: ${filled.transactions.toLocaleString('en')} transactions in ${filled.seconds.toFixed(0)} s (${((performance.now() - begun) / 1000).toFixed(0)} s this run)`);
      }
    };
    const filledNow = missing.length > 0;
    await Promise.all(Array.from({ length: Math.max(1, options.parallel) }, worker));
    fillSeconds += (performance.now() - begun) / 1000;
    // The test server runs without autovacuum: VACUUM (ANALYZE) stands in for it (statistics and
    // the visibility map the covering index's index-only scans read).
    if (filledNow) await pool.query('VACUUM (ANALYZE)');
    const ready = made.filter((u): u is SearchUser => u !== undefined);
    const { rows } = await pool.query<{ n: string; all: string }>(
      'SELECT count(*) FILTER (WHERE user_id = ANY($1::text[])) AS n, count(*) AS all FROM ledger_transactions',
      [ready.map((u) => u.userId)],
    );
    return { pool, api: started, users: ready, transactions: Number(rows[0]!.n), tableRows: Number(rows[0]!.all), fillSeconds, filledNow, close };
  } catch (error) {
    await close();
    throw error;
  }
}
