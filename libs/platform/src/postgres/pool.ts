import { createHash } from 'node:crypto';
import pg from 'pg';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
/** A connection of its own, outside every pool (`openSessionClient`). */
export type SessionClient = pg.Client;

// bigint columns come back as strings by default; int8 values we store (cents, positions) are
// parsed by the code that reads them, never through floats.
export function createPool(connectionString: string, max = 10, options: { warm?: number } = {}): pg.Pool {
  const warm = Math.min(max, Math.max(0, options.warm ?? 0));
  // Pipelined clients write a query without waiting for the one before it to be answered
  // (node-postgres' `pipeline` option): a caller that sends two statements at once pays one round
  // trip. Answers still come back in order, each with its own result or error. `min`: the warm
  // connections are never closed for being idle (pg closes the others after 10 s), so the first
  // click after a pause finds a connection open, its statements prepared.
  const config: pg.PoolConfig & { pipeline: boolean } = { connectionString, max, min: warm, application_name: process.env.SERVICE_NAME ?? 'budget', pipeline: true };
  const pool = new pg.Pool(config);
  pool.on('error', () => {
    /* an idle client died (server restart); the pool replaces it on next use */
  });
  pool.on('connect', preparePerConnection);
  if (warm > 0) void warmUp(pool, warm);
  return pool;
}

/** The services' warm connections (`PG_POOL_WARM`, default 4): what each keeps open while idle. */
export function warmConnectionsFrom(env: NodeJS.ProcessEnv = process.env): number {
  const warm = Number(env.PG_POOL_WARM ?? 4);
  return Number.isInteger(warm) && warm >= 0 ? warm : 4;
}

/** Opens `count` connections at once and gives them back: the pool starts warm. A failure is left to the first real query. */
async function warmUp(pool: pg.Pool, count: number): Promise<void> {
  const clients = await Promise.allSettled(Array.from({ length: count }, () => pool.connect()));
  for (const client of clients) if (client.status === 'fulfilled') client.value.release();
}

const PREPARED = Symbol.for('budget.preparedQueries');
const names = new Map<string, string>();

/** The statements are this code's constant texts, so the map stays as small as the code. */
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `q${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Every parameterised statement is prepared once per connection (a name from a hash of its text)
 * and then only bound and executed: the write path's statements are parsed and planned once, not
 * on every request. Statements without parameters (DDL, BEGIN, COMMIT) go as they are.
 */
function preparePerConnection(client: pg.PoolClient): void {
  const tagged = client as pg.PoolClient & { [PREPARED]?: true };
  if (tagged[PREPARED]) return;
  tagged[PREPARED] = true;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0) {
      const name = statementName(text);
      return query({ name, text, values }, ...args.slice(2));
    }
    return query(...args);
  };
}

/**
 * Opens a transaction whose prepared statements run on generic plans, planned once per connection,
 * not again on every execution: what a short write (the same few statements, rows of the same
 * shape each time) needs. PostgreSQL otherwise keeps planning statements whose generic plan it
 * estimates dearer, which the write path's CTEs over parameter arrays always are; the planning
 * was most of their time. One simple query (constant text), so one round trip as a plain BEGIN.
 */
export const BEGIN_GENERIC_PLANS = 'BEGIN; SET LOCAL plan_cache_mode = force_generic_plan';

/** Opens a transaction whose COMMIT answers without waiting for its WAL to reach the disk. */
export const BEGIN_WITHOUT_FLUSH = 'BEGIN; SET LOCAL synchronous_commit = off';

/**
 * One statement in a transaction of its own whose COMMIT does not wait for the disk
 * (`synchronous_commit = off` for that transaction alone, `SET LOCAL`): BEGIN, the statement and
 * COMMIT leave together on one pipelined client, one round trip, and the answer comes without the
 * flush of the write-ahead log (0.3–0.4 ms a commit on this machine's disk, README "Statements per
 * write"). Only for rows whose loss in a crash of PostgreSQL is harmless by design. A commit that
 * does wait (any later write) flushes this one too, as the log is written in order; and the row is
 * seen by every other session at once, like any committed row. A failing statement rejects with
 * its own error (the COMMIT then rolls back); a broken connection is not given back to the pool.
 */
export async function queryWithoutFlush<R extends pg.QueryResultRow = pg.QueryResultRow>(pool: pg.Pool, text: string, values: unknown[]): Promise<pg.QueryResult<R>> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const [begun, result, committed] = await Promise.allSettled([client.query(BEGIN_WITHOUT_FLUSH), client.query<R>(text, values), client.query('COMMIT')]);
    for (const step of [begun, committed]) {
      if (step.status === 'rejected') {
        broken = step.reason instanceof Error ? step.reason : new Error(String(step.reason));
        throw step.reason;
      }
    }
    if (result.status === 'rejected') throw result.reason;
    return result.value;
  } finally {
    client.release(broken);
  }
}

/** What can run a query: a pool, or a client of one (inside a transaction or not). */
export type Queryable = Pick<pg.ClientBase, 'query'>;

export interface TransactionOptions {
  /** The statement opening the transaction (`BEGIN`, or `BEGIN_GENERIC_PLANS`). */
  begin?: string;
  /**
   * Reads sent on the same client right behind the COMMIT, before it is answered: on a pipelined
   * client they share its round trip, and they run after it, so they see what it committed. Their
   * outcome is theirs to report (the caller keeps the promise); the transaction's is the COMMIT's.
   */
  afterCommit?: (client: pg.PoolClient) => Promise<unknown>;
}

export async function withTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const client = await pool.connect();
  let after: Promise<unknown> | undefined;
  try {
    // On a pipelined client the transaction's first statement goes out with BEGIN, in one round
    // trip; answers come in order, so BEGIN has been answered before that statement's result.
    const begun = client.query(options.begin ?? 'BEGIN');
    begun.catch(() => undefined);
    const result = await work(client);
    await begun;
    const committed = client.query('COMMIT');
    after = options.afterCommit?.(client);
    after?.catch(() => undefined);
    await committed;
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    // The client goes back to the pool only once nothing sent on it is still to be answered.
    await after?.catch(() => undefined);
    client.release();
  }
}

/**
 * A connection of its own beside `pool`, to the same database: for state a process keeps in its
 * session while it lives (session advisory locks, the identity that marks its running requests).
 * It is never one of the pool's `max` connections, which stay for requests; `end()` closes it.
 */
export async function openSessionClient(pool: pg.Pool, purpose: string): Promise<pg.Client> {
  const { connectionString, host, port, database, user, password } = (pool as pg.Pool & { options: pg.PoolConfig }).options;
  const client = new pg.Client({ connectionString, host, port, database, user, password, application_name: `${process.env.SERVICE_NAME ?? 'budget'}-${purpose}` });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return client;
}
