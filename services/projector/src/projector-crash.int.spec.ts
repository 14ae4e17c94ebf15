import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  DEFAULT_CHECKPOINT_NAME,
  FixedClock,
  migrateProjections,
  PostgresEventStore,
  readCheckpoint,
  rebuildReadModels,
  uuidGenerator,
} from '@budget/platform';
import { createTestDatabase, type TestDatabase } from '@budget/platform/testing';
import { BudgetProvisioner } from '@budget/budget';
import { allProjections } from './projections.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const BUDGETS = 150;

let db: TestDatabase;
let store: PostgresEventStore;
let head: bigint;
let output = '';

/** Every row write to a read-model table, in commit order, logged inside the writer's transaction. */
const WITNESS_SQL = `
  CREATE TABLE crash_witness (seq bigserial PRIMARY KEY, tbl text NOT NULL, op text NOT NULL, row_data jsonb NOT NULL);
  CREATE FUNCTION crash_witness() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO crash_witness (tbl, op, row_data)
    VALUES (TG_TABLE_NAME, TG_OP, CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END);
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END $$;`;

const readModelTables = [...new Set(allProjections.flatMap((p) => p.tables))];

/** Every projector process this suite started, so that a failing test leaves none running. */
const spawned = new Set<ChildProcess>();

function spawnProjector(): ChildProcess {
  const child = spawn(process.execPath, ['services/projector/dist/main.js'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: db.url, EVENT_STORE: 'postgres', PROJECTION: 'async', NODE_ENV: 'test', PROJECTOR_BATCH_SIZE: '5' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  spawned.add(child);
  child.once('exit', () => spawned.delete(child));
  return child;
}

async function checkpoint(): Promise<bigint> {
  return readCheckpoint(db.pool, DEFAULT_CHECKPOINT_NAME);
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Every row write per user, in commit order. The projector commits different users' batches in
 * parallel (docs/architecture.md §4), so only each user's own sequence has an order to compare; users' rows
 * are disjoint, so equal sequences per user mean the same effects as one clean replay.
 */
async function witnessByUser(): Promise<Record<string, string[]>> {
  const { rows } = await db.pool.query<{ user_id: string; line: string }>(
    `SELECT row_data->>'user_id' AS user_id, tbl || ' ' || op || ' ' || row_data::text AS line FROM crash_witness ORDER BY seq`,
  );
  const witness: Record<string, string[]> = {};
  for (const { user_id, line } of rows) (witness[user_id] ??= []).push(line);
  return witness;
}

async function snapshot(): Promise<{ witness: Record<string, string[]>; rows: Record<string, string[]> }> {
  const rows: Record<string, string[]> = {};
  for (const table of readModelTables) {
    const result = await db.pool.query<{ row: string }>(`SELECT to_jsonb(t)::text AS row FROM ${pg.escapeIdentifier(table)} t`);
    rows[table] = result.rows.map((r) => r.row).sort();
  }
  return { witness: await witnessByUser(), rows };
}

beforeAll(async () => {
  execFileSync('npx', ['tsc', '-b', 'services/projector'], { cwd: repoRoot, stdio: 'pipe' });
  db = await createTestDatabase('projector_crash');
  store = await PostgresEventStore.create(db.pool, db.url);
  await migrateProjections(db.pool, allProjections);
  await db.pool.query(WITNESS_SQL);
  for (const table of readModelTables) {
    const name = pg.escapeIdentifier(table);
    await db.pool.query(`CREATE TRIGGER crash_witness BEFORE INSERT OR UPDATE OR DELETE ON ${name} FOR EACH ROW EXECUTE FUNCTION crash_witness()`);
  }
  const provisioner = new BudgetProvisioner(store, new FixedClock(new Date('2026-01-01T00:00:00Z')), uuidGenerator);
  for (let i = 0; i < BUDGETS; i += 1) head = await provisioner.provision(`crash-user-${i}`, `c-${i}`);
}, 240_000);

afterAll(async () => {
  for (const child of spawned) child.kill('SIGKILL');
  await store?.close();
  await db?.drop();
});

describe('projector process under SIGKILL', () => {
  test('killed mid-burst and restarted, it ends with exactly the effects of one clean replay', async () => {
    expect(head).toBeGreaterThan(5000n);
    const killedAt: bigint[] = [];
    for (const target of [head / 10n, (head * 4n) / 10n, (head * 7n) / 10n]) {
      const child = spawnProjector();
      await waitUntil(async () => (await checkpoint()) >= target, 60_000, `the checkpoint to pass ${target}`);
      child.kill('SIGKILL');
      await once(child, 'exit');
      killedAt.push(await checkpoint());
    }
    expect(killedAt.every((position) => position > 0n && position < head)).toBe(true);

    const last = spawnProjector();
    await waitUntil(async () => (await checkpoint()) === head, 60_000, `the checkpoint to reach ${head}`);
    last.kill('SIGTERM');
    const [code] = (await once(last, 'exit')) as [number | null];
    expect(code).toBe(0);
    const afterCrashes = await snapshot();

    await db.pool.query('TRUNCATE crash_witness');
    await rebuildReadModels({ pool: db.pool, store, projections: allProjections });
    const clean = await snapshot();

    expect(afterCrashes.rows).toEqual(clean.rows);
    expect(afterCrashes.witness).toEqual(clean.witness);
    expect(Object.keys(afterCrashes.witness)).toHaveLength(BUDGETS);
    expect(afterCrashes.rows.budget_groups).toHaveLength(BUDGETS * 9);
    expect(afterCrashes.rows.budget_categories).toHaveLength(BUDGETS * 27);
  }, 180_000);
});
