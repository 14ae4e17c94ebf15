import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '@budget/platform';
import { createTestDatabase, type TestDatabase } from '@budget/platform/testing';
import { IMPORT_LEASE_LOCK_CLASS, ImportLeases } from './import-leases.js';

/**
 * The import leases (docs/architecture.md §8 "Imports in chunks") between two processes on one
 * database, each an `ImportLeases` of its own (its own lock session): a run's lease keeps the
 * other process's sweep off the import while it lasts, in this process too; the sweep's turn is
 * one process's at a time; a lease dies with its session.
 */
let db: TestDatabase;
let here: ImportLeases;
let there: ImportLeases;

beforeAll(async () => {
  db = await createTestDatabase('import_leases');
  here = new ImportLeases(db.pool);
  there = new ImportLeases(db.pool);
}, 60_000);
afterAll(async () => {
  await here?.close();
  await there?.close();
  await db?.drop();
});

/** A run that holds the lease until `finish` is called. */
function running(leases: ImportLeases, importId: string) {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let started!: () => void;
  const begun = new Promise<void>((resolve) => (started = resolve));
  const done = leases.hold(importId, async () => {
    started();
    await finished;
    return 'answered';
  });
  return { begun, finish, done };
}

describe('an import lease', () => {
  it('keeps the sweep of another process and of its own off the import while the run lasts, and no longer', async () => {
    const run = running(here, 'import-a');
    await run.begun;
    let swept = 0;
    const sweep = () => async () => void (swept += 1);
    expect(await there.tryHold('import-a', sweep())).toEqual({ ran: false });
    expect(await here.tryHold('import-a', sweep())).toEqual({ ran: false });
    // Another import is not held.
    expect(await there.tryHold('import-b', sweep())).toEqual({ ran: true, value: undefined });
    run.finish();
    expect(await run.done).toBe('answered');
    expect(await there.tryHold('import-a', sweep())).toEqual({ ran: true, value: undefined });
    expect(swept).toBe(2);
  });

  it('is joined by a second run in the same process (a client\'s retry) and held until the last one ends', async () => {
    const first = running(here, 'import-c');
    await first.begun;
    const second = running(here, 'import-c');
    await second.begun;
    first.finish();
    await first.done;
    expect(await there.tryHold('import-c', async () => 'swept')).toEqual({ ran: false });
    second.finish();
    await second.done;
    expect(await there.tryHold('import-c', async () => 'swept')).toEqual({ ran: true, value: 'swept' });
  });

  it('lets a run go on when another process holds it, and dies with the session that holds it', async () => {
    const elsewhere = await db.pool.connect();
    await elsewhere.query('SELECT pg_advisory_lock($1, hashtext($2))', [IMPORT_LEASE_LOCK_CLASS, 'import-d']);
    // A retry here while a run elsewhere holds the lease: it runs all the same.
    expect(await here.hold('import-d', async () => 'ran')).toBe('ran');
    expect(await here.tryHold('import-d', async () => 'swept')).toEqual({ ran: false });
    // That process dies: its session ends, and the lease with it.
    elsewhere.release(true);
    await expect.poll(async () => (await here.tryHold('import-d', async () => 'swept')).ran, { timeout: 30_000 }).toBe(true);
  });
});

describe("the sweep's turn", () => {
  it('is one process\'s at a time', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const first = here.turn(async () => {
      entered();
      await released;
      return 'first';
    });
    await inside;
    expect(await there.turn(async () => 'second')).toBeNull();
    release();
    expect(await first).toBe('first');
    expect(await there.turn(async () => 'second')).toBe('second');
  });
});

describe('the lock session', () => {
  it('is a connection of its own: a pool of one connection still serves queries while a lease is held', async () => {
    const onePool = createPool(db.url, 1);
    const leases = new ImportLeases(onePool);
    try {
      const answered = await leases.hold('import-one-pool', () =>
        Promise.race([
          onePool.query<{ n: number }>('SELECT 1 AS n').then((r) => r.rows[0]!.n),
          new Promise((resolve) => setTimeout(() => resolve('no connection left in the pool'), 15_000).unref()),
        ]),
      );
      expect(answered).toBe(1);
      const { rows } = await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM pg_locks WHERE locktype = $1 AND classid = $2', ['advisory', IMPORT_LEASE_LOCK_CLASS]);
      expect(Number(rows[0]!.n)).toBe(0);
    } finally {
      await leases.close();
      await onePool.end();
    }
  });
});
