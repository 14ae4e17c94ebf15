import { createPool, type Pool } from '@budget/platform';
import { createTestDatabase } from '@budget/platform/testing';
import { startBenchApi, type BenchApi } from './bench-api.js';
import { bulkLoadTransactions, type BulkResult } from './bulk/bulk-load.js';
import { WRITTEN_TABLES } from './bulk/tables.js';
import { seedUser, type SeededUser } from './seed-user.js';

export interface GenerateOptions {
  /** The database to fill; without one, a fresh throwaway database on the test server. */
  databaseUrl?: string | undefined;
  transactions: number;
  seed: number;
  log: (line: string) => void;
}

export interface Generated {
  databaseUrl: string;
  /** Whether the database was made for this run (`close({ drop: true })` removes it). */
  throwaway: boolean;
  pool: Pool;
  api: BenchApi;
  user: SeededUser;
  load: BulkResult;
  seconds: number;
  close(options?: { drop?: boolean }): Promise<void>;
}

/**
 * A user with the default budget and the bench accounts, made through the API, then
 * `transactions` transactions bulk-loaded into the log and the ledger's read models, then
 * VACUUM ANALYZE so the planner and the visibility map see the finished tables (as autovacuum
 * would, later and in the middle of a measurement).
 */
export async function generate(options: GenerateOptions): Promise<Generated> {
  const started = performance.now();
  const database = options.databaseUrl
    ? { url: options.databaseUrl, pool: createPool(options.databaseUrl, 10), drop: null }
    : await createTestDatabase('ledger_bench');
  const api = await startBenchApi(database.url, database.pool);
  try {
    const user = await seedUser(api, database.pool);
    options.log(`user ${user.email} (${user.target.userId}), accounts ${user.target.accountIds.join(', ')}`);
    const load = await bulkLoadTransactions(database.pool, user.target, { transactions: options.transactions, seed: options.seed, log: options.log, projection: api.projection });
    for (const table of WRITTEN_TABLES) await database.pool.query(`VACUUM (ANALYZE) ${table}`);
    const seconds = (performance.now() - started) / 1000;
    options.log(`generated ${options.transactions} transactions in ${seconds.toFixed(1)} s`);
    return {
      databaseUrl: database.url,
      throwaway: database.drop !== null,
      pool: database.pool,
      api,
      user,
      load,
      seconds,
      async close({ drop = false } = {}) {
        await api.close();
        if (drop && database.drop) await database.drop();
        else await database.pool.end();
      },
    };
  } catch (error) {
    await api.close().catch(() => undefined);
    if (database.drop) await database.drop().catch(() => undefined);
    else await database.pool.end().catch(() => undefined);
    throw error;
  }
}
