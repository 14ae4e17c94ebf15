import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPool } from '../postgres/pool.js';
import { asServerUser, freePort, postgresServerBin } from '../testing/local-servers.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { newEvent, readAllAfter } from './contract/fixtures.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { LogNotFencedError, refenceLog } from './postgres-fence.js';
import type { StoredEvent } from './port.js';

/**
 * A dump restored into a freshly initialised cluster (initdb here, on a port of its own): the
 * store refuses the log until it is re-fenced, then every restored event is readable in order and
 * new appends follow them. Uses the PostgreSQL server binaries of the machine (`pg_config --bindir`).
 */
let source: TestDatabase;
let dir = '';
let pgCtl = '';
let restoredUrl = '';
const before: StoredEvent[] = [];

beforeAll(async () => {
  const bin = postgresServerBin();
  pgCtl = join(bin, 'pg_ctl');
  // The log to back up: a few streams written through the store, as the services write them.
  source = await createTestDatabase('restore_src');
  const store = await PostgresEventStore.create(source.pool, source.url);
  for (let i = 0; i < 6; i++) {
    await store.appendMany([
      { stream: `account-${i}`, events: [newEvent('u1', { i }), newEvent('u1', { i, second: true })], expectedRevision: 'no_stream' },
      { stream: `transaction-${i}`, events: [newEvent('u2', { i })], expectedRevision: 'no_stream' },
    ]);
  }
  before.push(...(await readAllAfter(store, 0n)));
  await store.close();

  dir = mkdtempSync(join(tmpdir(), 'budget-restore-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const dump = join(dir, 'log.dump');
  execFileSync('pg_dump', ['-Fc', '--no-owner', '-f', dump, source.url], { stdio: 'pipe' });
  chmodSync(dump, 0o644);
  if (process.getuid?.() === 0) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })));
  asServerUser(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  asServerUser(pgCtl, ['-D', data, '-w', '-l', join(dir, 'server.log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE restored');
  await admin.end();
  restoredUrl = `postgres://postgres@127.0.0.1:${port}/restored`;
  execFileSync('pg_restore', ['--no-owner', '-d', restoredUrl, dump], { stdio: 'pipe' });
}, 120_000);

afterAll(async () => {
  if (dir && existsSync(join(dir, 'data'))) {
    try {
      asServerUser(pgCtl, ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
    } catch {
      // already stopped
    }
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
  await source?.drop();
});

describe('a log restored into a new cluster', () => {
  test('is refused at start with the command that fixes it; re-fenced, it reads as before and new appends follow it', async () => {
    const pool = createPool(restoredUrl, 4);
    try {
      // Unfenced, the restored rows look like transactions still in flight: a reader would hand out nothing.
      const unfenced = new PostgresEventStore(pool, restoredUrl);
      expect(await unfenced.readAll({ after: 0n, limit: 100 })).toEqual([]);
      const refused = await PostgresEventStore.create(pool, restoredUrl).then(() => null, (error: unknown) => error);
      expect(refused).toBeInstanceOf(LogNotFencedError);
      expect((refused as Error).message).toContain('npm run refence-log');

      const result = await refenceLog(pool);
      expect(result.rowsSettled).toBe(before.length);
      expect(result.positionOffset > 0n).toBe(true);
      // A second run finds nothing ahead and changes nothing.
      expect((await refenceLog(pool)).rowsSettled).toBe(0);

      const store = await PostgresEventStore.create(pool, restoredUrl);
      const restored = await readAllAfter(store, 0n);
      expect(restored.map((e) => [e.id, e.position])).toEqual(before.map((e) => [e.id, e.position]));
      const head = before[before.length - 1]!.position;

      // A live subscriber from the restored head, and new appends to a restored stream and a new one.
      const seen: StoredEvent[] = [];
      const subscription = store.subscribeAll(head, async (event) => void seen.push(event));
      const appended = await store.append('account-0', [newEvent('u1', { after: true })], { expectedRevision: 1 });
      await store.append('account-new', [newEvent('u3', { fresh: true })], { expectedRevision: 'no_stream' });
      expect(appended.position > head).toBe(true);
      for (let i = 0; i < 200 && seen.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      await subscription.stop();
      expect(seen.map((e) => e.streamId)).toEqual(['account-0', 'account-new']);
      const all = await readAllAfter(store, 0n);
      expect(all).toHaveLength(before.length + 2);
      expect(all.map((e) => e.position)).toEqual([...all.map((e) => e.position)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      await store.close();
    } finally {
      await pool.end().catch(() => undefined);
    }
  }, 120_000);
});
