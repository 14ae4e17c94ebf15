import { join } from 'node:path';
import { startEmbeddedPostgres } from './embedded-postgres.mjs';
import { LauncherError, say } from './log.mjs';
import { dataDir as defaultDataDir } from './paths.mjs';
import { portOpen } from './probe.mjs';

export function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Creates `database` unless it exists (concurrent creators are fine). */
export async function ensureDatabase(adminUrl, database) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new LauncherError(`Cannot connect to PostgreSQL at ${new URL(adminUrl).host} as ${new URL(adminUrl).username}: ${error.message}. Set DATABASE_URL to a database you can use.`);
  }
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      // CREATE DATABASE takes no bind parameters; the name is quoted as an identifier.
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`).catch((error) => {
        if (error.code !== '42P04') throw error;
      });
      say(`Created database ${database}`);
    }
  } finally {
    await client.end();
  }
}

/**
 * Where PostgreSQL is: DATABASE_URL if set; else a server already answering on
 * 127.0.0.1:`probePort` (user postgres, database `database` created if missing); else an
 * embedded PostgreSQL under .data/pg on PGPORT (default 5433).
 * Returns { source, url, adminUrl, stop } — adminUrl points at the `postgres` database (tests
 * create throwaway databases through it).
 */
export async function resolvePostgres({
  env = process.env,
  probeHost = '127.0.0.1',
  probePort = 5432,
  embeddedPort = Number(env.PGPORT ?? 5433),
  dataDir = join(defaultDataDir, 'pg'),
  database = 'budget',
} = {}) {
  if (env.DATABASE_URL) {
    say('PostgreSQL: using DATABASE_URL');
    return { source: 'env', url: env.DATABASE_URL, adminUrl: env.TEST_DATABASE_URL ?? env.DATABASE_URL, stop: async () => undefined };
  }
  if (await portOpen(probePort, probeHost)) {
    const adminUrl = `postgres://postgres@${probeHost}:${probePort}/postgres`;
    await ensureDatabase(adminUrl, database);
    say(`PostgreSQL: using the server on ${probeHost}:${probePort}`);
    return { source: 'local', url: withDatabase(adminUrl, database), adminUrl, stop: async () => undefined };
  }
  const embedded = await startEmbeddedPostgres({ port: embeddedPort, dataDir });
  try {
    await ensureDatabase(embedded.adminUrl, database);
  } catch (error) {
    await embedded.stop();
    throw error;
  }
  return { source: 'embedded', url: withDatabase(embedded.adminUrl, database), adminUrl: embedded.adminUrl, stop: embedded.stop };
}
