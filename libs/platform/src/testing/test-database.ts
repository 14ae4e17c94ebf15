import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPool } from '../postgres/pool.js';

/** Admin connection used to create throwaway databases for integration tests. */
export function adminDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export interface TestDatabase {
  name: string;
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A fresh, empty database on the real PostgreSQL server; `drop()` removes it. */
export async function createTestDatabase(label = 'test'): Promise<TestDatabase> {
  const safeLabel = label.toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, 20);
  const name = `t_${safeLabel}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  try {
    // Identifiers cannot be bound as parameters; `name` is built above from [a-z0-9_] only.
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminDatabaseUrl(), name);
  const pool = createPool(url, 20);
  return {
    name,
    url,
    pool,
    async drop() {
      await pool.end().catch(() => undefined);
      const c = new pg.Client({ connectionString: adminDatabaseUrl() });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
