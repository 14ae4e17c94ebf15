import { randomBytes } from 'node:crypto';
import { createPool, migrate } from '@budget/platform';
import { adminDatabaseUrl, createTestDatabase, type TestDatabase } from '@budget/platform/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ledgerMigrations } from './ledger.migrations.js';

/**
 * The ledger's migrations need no superuser (deploy/README.md, "Production: managed PostgreSQL and
 * Redis"): run from zero by a role that owns its database and nothing more — what a managed
 * PostgreSQL gives an application — they create pg_trgm and btree_gin, which PostgreSQL marks
 * trusted (since 13), and the user-scoped trigram indexes of ledger-027 on them (docs/architecture.md
 * §4.9).
 */
let db: TestDatabase;
// A role name cannot be bound; this one is made of [a-z0-9_] only.
const role = `t_ledger_owner_${randomBytes(5).toString('hex')}`;
const admin = createPool(adminDatabaseUrl(), 1);

beforeAll(async () => {
  db = await createTestDatabase('ledger_owner');
  await admin.query(`CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE`);
  await admin.query(`ALTER DATABASE ${db.name} OWNER TO ${role}`);
});
afterAll(async () => {
  await db?.drop();
  await admin.query(`DROP ROLE IF EXISTS ${role}`);
  await admin.end();
});

test('a database owner without superuser runs every ledger migration, extensions included', async () => {
  const url = new URL(db.url);
  url.username = role;
  const owner = createPool(url.toString(), 1);
  try {
    const { rows: who } = await owner.query<{ rolsuper: boolean; rolcreatedb: boolean }>('SELECT rolsuper, rolcreatedb FROM pg_roles WHERE rolname = current_user');
    expect(who).toEqual([{ rolsuper: false, rolcreatedb: false }]);
    const applied = await migrate(owner, ledgerMigrations);
    expect(applied).toEqual(ledgerMigrations.map((m) => m.id));
    const { rows: extensions } = await owner.query<{ extname: string }>(`SELECT extname FROM pg_extension WHERE extname IN ('pg_trgm', 'btree_gin') ORDER BY extname`);
    expect(extensions.map((e) => e.extname)).toEqual(['btree_gin', 'pg_trgm']);
    const { rows: indexes } = await owner.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'ledger_transactions' AND indexdef LIKE '%gin_trgm_ops%' ORDER BY indexname`,
    );
    expect(indexes.map((i) => i.indexname)).toEqual(['ledger_transactions_user_memo_trgm', 'ledger_transactions_user_name_trgm']);
    // ledger-029: no pending list (its merge, gin_clean_pending_list, is the owner's to run too).
    expect(indexes[1]!.indexdef).toContain('USING gin (user_id, name gin_trgm_ops) WITH (fastupdate=off) WHERE (NOT deleted)');
  } finally {
    await owner.end();
  }
});
