import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { BankSyncQueue } from '@budget/bank-sync';
import { startPlaidSimulator } from '@budget/plaid-simulator';
import { signUp } from '@budget/identity/testing';
import { createPool, type Pool } from '@budget/platform';
import { createTestDatabase } from '@budget/platform/testing';
import { startBenchApi, type BenchApi } from '../bench-api.js';
import { fillDataSet, type FillResult } from './data-set.js';

/**
 * The data set's marker: one row per filled data set, written only once its fill has finished, so
 * a later run on the same database (`--database-url`) signs the user in and measures at once. It
 * holds the sign-in and the fill's figures; it is the benchmark's own table, no read model's.
 */
const MARKER_TABLE = 'ledger_bench_report_data_sets';
const CREATE_MARKER = `CREATE TABLE IF NOT EXISTS ${MARKER_TABLE} (
  transactions integer NOT NULL, seed integer NOT NULL, user_id text NOT NULL, username text NOT NULL, password text NOT NULL,
  accounts jsonb NOT NULL, fill jsonb NOT NULL, filled_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (transactions, seed))`;

export interface PreparedDataSet {
  databaseUrl: string;
  pool: Pool;
  api: BenchApi;
  userId: string;
  access: string;
  accounts: Record<string, string>;
  fill: FillResult;
  /** Whether this run filled it (false: found by its marker). */
  filledNow: boolean;
  close(): Promise<void>;
}

/** Creates the database named by `url` on its server when it does not exist yet. */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
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

/**
 * The reports data set of `transactions` rows (seed `seed`): found by its marker in the database at
 * `databaseUrl` (then the user signs in through POST /login), or filled there through the API; with
 * no URL, a throwaway database on the test server, dropped by `close`.
 */
export async function prepareDataSet(options: { databaseUrl?: string | undefined; transactions: number; seed: number; log: (line: string) => void }): Promise<PreparedDataSet> {
  const { transactions, seed, log } = options;
  let database: { url: string; pool: Pool; drop: (() => Promise<void>) | null };
  if (options.databaseUrl) {
    await ensureDatabase(options.databaseUrl);
    database = { url: options.databaseUrl, pool: createPool(options.databaseUrl, 10), drop: null };
  } else {
    const made = await createTestDatabase('reports_bench');
    database = { url: made.url, pool: made.pool, drop: () => made.drop() };
  }
  const { pool } = database;
  let api: BenchApi | null = null;
  // The Plaid simulator, for the linked card of a fill; the link's sync job goes to a queue no worker reads, emptied at the end.
  const simulator = await startPlaidSimulator({ port: 0 });
  const queuePrefix = `reports-bench-${randomBytes(6).toString('hex')}`;
  const queue = new BankSyncQueue({ redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix: queuePrefix });
  const stopPlaid = async () => {
    await queue.raw.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    await simulator.close();
  };
  try {
    api = await startBenchApi(database.url, pool, undefined, {
      PLAID_ENV: 'simulator', PLAID_SIMULATOR_URL: simulator.url, PLAID_TOKEN_KEY: randomBytes(32).toString('base64'), QUEUE_PREFIX: queuePrefix,
    });
    await pool.query(CREATE_MARKER);
    const { rows } = await pool.query<{ user_id: string; username: string; password: string; accounts: Record<string, string>; fill: FillResult }>(
      `SELECT user_id, username, password, accounts, fill FROM ${MARKER_TABLE} WHERE transactions = $1 AND seed = $2`,
      [transactions, seed],
    );
    const found = rows[0];
    const finish = (userId: string, access: string, accounts: Record<string, string>, fill: FillResult, filledNow: boolean): PreparedDataSet => ({
      databaseUrl: database.url,
      pool,
      api: api!,
      userId,
      access,
      accounts,
      fill,
      filledNow,
      async close() {
        await api!.close();
        await stopPlaid();
        if (database.drop) await database.drop();
        else await pool.end();
      },
    });
    if (found) {
      const login = await api.http.post('login', { username: found.username, password: found.password });
      if (login.status !== 200) throw new Error(`login answered ${login.status}: ${login.body}`);
      log(`data set of ${transactions.toLocaleString('en')} transactions found (user ${found.user_id}, filled in ${found.fill.seconds.toFixed(0)} s)`);
      // Markers of early fills lack the synced and pending counts: read from the ledger.
      const { rows: counted } = await pool.query<{ synced: string; pending: string }>(
        `SELECT count(*) FILTER (WHERE account_id = $2 AND NOT (pending AND deleted)) AS synced, count(*) FILTER (WHERE pending AND NOT deleted) AS pending
           FROM ledger_transactions WHERE user_id = $1`,
        [found.user_id, found.accounts.linkedCard ?? null],
      );
      const fill = { ...found.fill, synced: found.fill.synced ?? Number(counted[0]!.synced), pending: found.fill.pending ?? Number(counted[0]!.pending) };
      return finish(found.user_id, login.json<{ data: { access: string } }>().data.access, found.accounts, fill, false);
    }
    const user = await signUp(api.http, api.mail, 'reports');
    const userId = (JSON.parse(Buffer.from(user.access.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string }).sub;
    log(`filling ${transactions.toLocaleString('en')} transactions for ${user.username} (${userId}) through the API, projection ${api.projection}`);
    const filled = await fillDataSet(api, pool, { userId, access: user.access }, { total: transactions, seed, simulatorUrl: simulator.url, log });
    const { accounts, ...fill } = filled;
    log(`filled in ${fill.seconds.toFixed(0)} s: ${fill.events.toLocaleString('en')} events, ${Math.round(fill.events / fill.seconds).toLocaleString('en')} events/s`);
    await pool.query('VACUUM (ANALYZE)');
    await pool.query(`INSERT INTO ${MARKER_TABLE} (transactions, seed, user_id, username, password, accounts, fill) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      transactions, seed, userId, user.username, user.password, JSON.stringify(accounts), JSON.stringify(fill),
    ]);
    return finish(userId, user.access, accounts, fill, true);
  } catch (error) {
    await api?.close().catch(() => undefined);
    await stopPlaid().catch(() => undefined);
    if (database.drop) await database.drop().catch(() => undefined);
    else await pool.end().catch(() => undefined);
    throw error;
  }
}
