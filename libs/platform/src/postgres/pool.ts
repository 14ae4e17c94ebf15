import { createHash } from 'node:crypto';
import pg from 'pg';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

// bigint columns come back as strings by default; int8 values we store (cents, positions) are
// parsed by the code that reads them, never through floats.
export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, application_name: process.env.SERVICE_NAME ?? 'budget' });
  pool.on('error', () => {
    /* an idle client died (server restart); the pool replaces it on next use */
  });
  pool.on('connect', preparePerConnection);
  return pool;
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

export async function withTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
