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
  return pool;
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
