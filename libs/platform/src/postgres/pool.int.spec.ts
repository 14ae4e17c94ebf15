import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { createPool, queryWithoutFlush, warmConnectionsFrom } from './pool.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase('warm_pool');
});
afterAll(async () => db?.drop());

const backends = async (admin: pg.Pool, name: string) =>
  (await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1 ORDER BY pid', [name])).rows.map((r) => r.pid);

test('a warm pool opens its connections at once and keeps that many through idleness; the others close after the idle timeout', async () => {
  const name = `warm-${process.pid}-${Date.now()}`;
  process.env.SERVICE_NAME = name;
  const pool = createPool(db.url, 6, { warm: 3 });
  delete process.env.SERVICE_NAME;
  (pool.options as { idleTimeoutMillis: number }).idleTimeoutMillis = 100;
  try {
    let warm: number[] = [];
    for (let i = 0; i < 200 && warm.length < 3; i++) {
      warm = await backends(db.pool, name);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(warm).toHaveLength(3);
    // A burst takes three more connections; once idle, those close and the warm ones stay the same sessions.
    await Promise.all(Array.from({ length: 6 }, () => pool.query('SELECT pg_sleep(0.05)')));
    expect(pool.totalCount).toBe(6);
    for (let i = 0; i < 200 && pool.totalCount > 3; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(pool.totalCount).toBe(3);
    // Idle again, three connections stay open (pg keeps any three: which ones is its choice).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(pool.totalCount).toBe(3);
    expect(await backends(db.pool, name)).toHaveLength(3);
  } finally {
    await pool.end();
  }
});

test('PG_POOL_WARM: 4 by default, a count, never negative', () => {
  expect(warmConnectionsFrom({})).toBe(4);
  expect(warmConnectionsFrom({ PG_POOL_WARM: '0' })).toBe(0);
  expect(warmConnectionsFrom({ PG_POOL_WARM: '-2' })).toBe(4);
});

test('queryWithoutFlush: its statement commits without waiting for the disk, and that setting ends with it on the connection', async () => {
  // One connection, so the statements after it run on the very session it used.
  const pool = createPool(db.url, 1);
  try {
    await pool.query('CREATE TABLE unflushed (id int PRIMARY KEY, setting text)');
    const inserted = await queryWithoutFlush<{ id: number; setting: string }>(
      pool, `INSERT INTO unflushed (id, setting) VALUES ($1, current_setting('synchronous_commit')) RETURNING id, setting`, [1],
    );
    expect(inserted.rows).toEqual([{ id: 1, setting: 'off' }]);
    // Committed: another session sees the row.
    expect((await db.pool.query('SELECT id FROM unflushed')).rows).toEqual([{ id: 1 }]);
    // The same session's next statements commit as before: waiting for the disk.
    expect((await pool.query<{ s: string }>('SELECT current_setting($1) AS s', ['synchronous_commit'])).rows[0]!.s).toBe('on');
    await pool.query('INSERT INTO unflushed (id, setting) VALUES ($1, current_setting($2))', [2, 'synchronous_commit']);
    expect((await db.pool.query('SELECT setting FROM unflushed WHERE id = 2')).rows).toEqual([{ setting: 'on' }]);

    // A failing statement rejects with its own error, stores nothing, and the connection goes on.
    await expect(queryWithoutFlush(pool, 'INSERT INTO unflushed (id, setting) VALUES ($1, $2), ($1, $2)', [3, 'twice'])).rejects.toThrow(/duplicate key/);
    expect((await db.pool.query('SELECT id FROM unflushed ORDER BY id')).rows).toEqual([{ id: 1 }, { id: 2 }]);
    expect((await pool.query<{ s: string }>('SELECT current_setting($1) AS s', ['synchronous_commit'])).rows[0]!.s).toBe('on');
    expect(pool.totalCount).toBe(1);
  } finally {
    await pool.end();
  }
});
