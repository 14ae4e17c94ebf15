import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  DEFAULT_CHECKPOINT_NAME,
  FixedClock,
  migrateProjections,
  NO_APPEND_MARK,
  PostgresEventStore,
  readCheckpoint,
  rebuildReadModels,
  uuidGenerator,
} from '@budget/platform';
import { createTestDatabase, type TestDatabase } from '@budget/platform/testing';
import { BudgetProvisioner } from '@budget/budget';
import { allProjections } from './projections.js';

/**
 * The projector's leader lock (leader.ts) with real processes on one database: one follows the
 * log, the other waits; SIGKILL of the leader hands the log to the standby, a leader whose lock
 * connection is cut exits, and the read models end equal to one clean replay.
 */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const BUDGETS = 100;

let db: TestDatabase;
let store: PostgresEventStore;
let provisioner: BudgetProvisioner;
let head = 0n;
const output = new Map<string, string>();
const spawned = new Set<ChildProcess>();

/**
 * Every row write to a read-model table with the application name of the session that made it (a
 * projector's batch marks its name as never appending, `NO_APPEND_MARK`: the process is what it
 * names first, and every write here must come from such a batch).
 */
const WITNESS_SQL = `
  CREATE TABLE leader_witness (seq bigserial PRIMARY KEY, app text NOT NULL, tbl text NOT NULL, op text NOT NULL, row_data jsonb NOT NULL);
  CREATE FUNCTION leader_witness() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO leader_witness (app, tbl, op, row_data)
    VALUES (CASE WHEN current_setting('application_name') LIKE '%${NO_APPEND_MARK}' THEN left(current_setting('application_name'), -${NO_APPEND_MARK.length}) ELSE 'unmarked: ' || current_setting('application_name') END,
            TG_TABLE_NAME, TG_OP, CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END);
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END $$;`;

const readModelTables = [...new Set(allProjections.flatMap((p) => p.tables))];

function spawnProjector(name: string): ChildProcess {
  output.set(name, '');
  const child = spawn(process.execPath, ['services/projector/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      EVENT_STORE: 'postgres',
      PROJECTION: 'async',
      NODE_ENV: 'test',
      PROJECTOR_BATCH_SIZE: '5',
      // The first leader goes one event at a time, so that it is still mid-way when it is killed.
      ...(name === 'projector-a' ? { PROJECTOR_BATCH_SIZE: '1', PROJECTOR_WORKERS: '1' } : {}),
      SERVICE_NAME: name,
      METRICS_PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (chunk: Buffer) => output.set(name, (output.get(name) ?? '') + chunk.toString());
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  spawned.add(child);
  child.once('exit', () => spawned.delete(child));
  return child;
}

function allOutput(): string {
  return [...output].map(([name, text]) => `--- ${name}\n${text}`).join('\n');
}

/** How long an outcome may take: generous, since CI shares its machine (the test asserts outcomes, not time). */
const WAIT_MS = 180_000;

async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${allOutput()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const checkpoint = () => readCheckpoint(db.pool, DEFAULT_CHECKPOINT_NAME);

/** Events at or below a position (positions are sparse: docs/architecture.md §4). */
async function eventsUpTo(position: bigint): Promise<number> {
  const { rows } = await db.pool.query<{ n: string }>('SELECT count(*)::text AS n FROM es_events WHERE position <= $1', [position.toString()]);
  return Number(rows[0]!.n);
}
const says = (name: string, text: string) => () => (output.get(name) ?? '').includes(text);

/** Which sessions wrote read-model rows, with how many writes each. */
async function writers(): Promise<Record<string, number>> {
  const { rows } = await db.pool.query<{ app: string; n: string }>('SELECT app, count(*)::text AS n FROM leader_witness GROUP BY app');
  return Object.fromEntries(rows.map((r) => [r.app, Number(r.n)]));
}

/** Every row write per user, in commit order (users' rows are disjoint; see projector-crash.int.spec.ts). */
async function snapshot(): Promise<{ witness: Record<string, string[]>; rows: Record<string, string[]> }> {
  const { rows: lines } = await db.pool.query<{ user_id: string; line: string }>(
    `SELECT row_data->>'user_id' AS user_id, tbl || ' ' || op || ' ' || row_data::text AS line FROM leader_witness ORDER BY seq`,
  );
  const witness: Record<string, string[]> = {};
  for (const { user_id, line } of lines) (witness[user_id] ??= []).push(line);
  const rows: Record<string, string[]> = {};
  for (const table of readModelTables) {
    const result = await db.pool.query<{ row: string }>(`SELECT to_jsonb(t)::text AS row FROM ${pg.escapeIdentifier(table)} t`);
    rows[table] = result.rows.map((r) => r.row).sort();
  }
  return { witness, rows };
}

async function provision(from: number, count: number): Promise<void> {
  for (let i = from; i < from + count; i += 1) head = await provisioner.provision(`leader-user-${i}`, `l-${i}`);
}

/** The metrics port a projector logged, then its `budget_projector_leader` gauge and /ready status. */
async function probe(name: string): Promise<{ leader: number; ready: number }> {
  const port = /operations port (\d+)/.exec(output.get(name) ?? '')?.[1];
  if (!port) throw new Error(`${name} logged no operations port\n${allOutput()}`);
  const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const leader = /^budget_projector_leader (\d)/m.exec(metrics)?.[1];
  const ready = (await fetch(`http://127.0.0.1:${port}/ready`)).status;
  return { leader: Number(leader), ready };
}

beforeAll(async () => {
  execFileSync('npx', ['tsc', '-b', 'services/projector'], { cwd: repoRoot, stdio: 'pipe' });
  db = await createTestDatabase('projector_leader');
  store = await PostgresEventStore.create(db.pool, db.url);
  await migrateProjections(db.pool, allProjections);
  await db.pool.query(WITNESS_SQL);
  for (const table of readModelTables) {
    await db.pool.query(`CREATE TRIGGER leader_witness BEFORE INSERT OR UPDATE OR DELETE ON ${pg.escapeIdentifier(table)} FOR EACH ROW EXECUTE FUNCTION leader_witness()`);
  }
  provisioner = new BudgetProvisioner(store, new FixedClock(new Date('2026-01-01T00:00:00Z')), uuidGenerator);
  await provision(0, BUDGETS);
}, 240_000);

afterAll(async () => {
  for (const child of spawned) child.kill('SIGKILL');
  await store?.close();
  await db?.drop();
});

describe('projector leader lock', () => {
  test('one projector follows the log, the standby takes over after SIGKILL and after a lost lock connection, nothing applied twice', async () => {
    // A takes the lock; B, started after A is active, waits as a standby.
    const a = spawnProjector('projector-a');
    await waitUntil(says('projector-a', 'active: holds the leader lock'), WAIT_MS, 'projector-a to take the lock');
    const b = spawnProjector('projector-b');
    await waitUntil(says('projector-b', 'standby:'), WAIT_MS, 'projector-b to wait as a standby');
    expect(output.get('projector-b')).toContain('projector-a-leader-lock');
    await waitUntil(says('projector-b', 'operations port'), WAIT_MS, 'projector-b to serve its operations port');
    // A standby is ready (a healthy standby) and reports itself as not the leader.
    expect(await probe('projector-b')).toEqual({ leader: 0, ready: 200 });

    // Kill A mid-way through the log: B must take over and finish it.
    const total = await eventsUpTo(head);
    await waitUntil(async () => (await eventsUpTo(await checkpoint())) >= total / 4, WAIT_MS, 'the projector to pass a quarter of the log');
    // Frozen first (it can go no further), then killed: it is mid-way for sure.
    a.kill('SIGSTOP');
    const killed = performance.now();
    a.kill('SIGKILL');
    await once(a, 'exit');
    expect(await checkpoint()).toBeLessThan(head);
    expect(Object.keys(await writers())).toEqual(['projector-a']);
    // Generously bounded: B tries the lock every second once the server has ended A's session.
    await waitUntil(says('projector-b', 'active: holds the leader lock'), 30_000, 'projector-b to take over');
    console.log(`projector-b took over ${Math.round(performance.now() - killed)} ms after projector-a's SIGKILL (reported, not asserted)`);
    expect(await probe('projector-b')).toEqual({ leader: 1, ready: 200 });
    await waitUntil(async () => (await checkpoint()) === head, WAIT_MS, `the checkpoint to reach ${head}`);

    // C waits as a standby; cutting B's lock connection makes B exit (it can no longer prove it
    // leads) and C take over, and the events appended meanwhile are projected by C alone.
    const c = spawnProjector('projector-c');
    await waitUntil(says('projector-c', 'standby:'), WAIT_MS, 'projector-c to wait as a standby');
    const beforeCut = await writers();
    const bExit = once(b, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    const { rowCount } = await db.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'projector-b-leader-lock'`,
    );
    expect(rowCount).toBe(1);
    const cut = performance.now();
    const [bCode] = await bExit;
    expect(bCode).toBe(1);
    expect(output.get('projector-b')).toContain('leader lock lost');
    await waitUntil(says('projector-c', 'active: holds the leader lock'), 30_000, 'projector-c to take over');
    console.log(`projector-c took over ${Math.round(performance.now() - cut)} ms after projector-b's lock connection was cut (reported, not asserted)`);
    await provision(BUDGETS, 10);
    await waitUntil(async () => (await checkpoint()) === head, WAIT_MS, `the checkpoint to reach ${head}`);
    const afterCut = await writers();
    expect(afterCut['projector-b']).toBe(beforeCut['projector-b']);
    expect(afterCut['projector-c']).toBeGreaterThan(0);

    // A standby told to stop leaves at once; the leader finishes its batches and lets go.
    const d = spawnProjector('projector-d');
    await waitUntil(says('projector-d', 'standby:'), WAIT_MS, 'projector-d to wait as a standby');
    d.kill('SIGTERM');
    const [dCode] = (await once(d, 'exit')) as [number | null];
    expect(dCode).toBe(0);
    expect(output.get('projector-d')).toContain('leaving standby');
    expect(output.get('projector-d')).not.toContain('active: holds the leader lock');
    c.kill('SIGTERM');
    const [cCode] = (await once(c, 'exit')) as [number | null];
    expect(cCode).toBe(0);

    // Nothing applied twice: the same row writes per user, and the same rows, as one clean replay.
    const projected = await snapshot();
    await db.pool.query('TRUNCATE leader_witness');
    await rebuildReadModels({ pool: db.pool, store, projections: allProjections });
    const clean = await snapshot();
    expect(projected.rows).toEqual(clean.rows);
    expect(projected.witness).toEqual(clean.witness);
    expect(Object.keys(projected.witness)).toHaveLength(BUDGETS + 10);
  }, 8 * WAIT_MS);
});
