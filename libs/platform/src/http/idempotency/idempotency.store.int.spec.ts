import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPool } from '../../postgres/pool.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { anonymousRow, IdempotencyStore, KEEP_FOR_HOURS, requestHash, userRow } from './idempotency.store.js';

let db: TestDatabase;
let store: IdempotencyStore;

beforeAll(async () => {
  db = await createTestDatabase('idempotency');
  store = new IdempotencyStore(db.pool);
  await store.onModuleInit();
});
afterAll(async () => {
  store.onModuleDestroy();
  await db.drop();
});

const hash = requestHash('POST', '/api/v1/things', { a: 1 });
const age = (row: { userId: string; key: string }, hours: number) =>
  db.pool.query(`UPDATE http_idempotency SET started_at = now() - make_interval(hours => $3) WHERE user_id = $1 AND key = $2`, [row.userId, row.key, hours]);

describe('keys expire after KEEP_FOR_HOURS', () => {
  test('a done key answers its answer until it expires; an expired key runs as a new request', async () => {
    const row = userRow('alice', 'k-expire', hash);
    expect(await store.claim(row)).toEqual({ kind: 'claimed' });
    await store.complete(row, 201, { id: 1 });
    expect(await store.claim(row)).toEqual({ kind: 'done', status: 201, body: { id: 1 } });
    await age(row, KEEP_FOR_HOURS - 1);
    expect((await store.claim(row)).kind).toBe('done');
    await age(row, KEEP_FOR_HOURS + 1);
    expect(await store.claim(row)).toEqual({ kind: 'claimed' });
  });

  test('purgeOld deletes the keys older than KEEP_FOR_HOURS and keeps the others', async () => {
    const old = userRow('bob', 'k-old', hash);
    const fresh = userRow('bob', 'k-fresh', hash);
    for (const row of [old, fresh]) {
      await store.claim(row);
      await store.complete(row, 200, {});
    }
    await age(old, KEEP_FOR_HOURS + 1);
    expect(await store.purgeOld()).toBeGreaterThanOrEqual(1);
    const { rows } = await db.pool.query<{ key: string }>("SELECT key FROM http_idempotency WHERE user_id = 'bob'");
    expect(rows.map((r) => r.key)).toEqual([fresh.key]);
  });
});

describe('a 202 keeps the key pending', () => {
  test('pending answers its position; one retry resumes it, a second finds it running', async () => {
    const row = userRow('carol', 'k-pending', hash);
    await store.claim(row);
    await store.pending(row, 123456789012345n);
    expect(await store.claim(row)).toEqual({ kind: 'pending', position: 123456789012345n });
    expect(await store.resume(row)).toBe(true);
    expect(await store.resume(row)).toBe(false);
    expect(await store.claim(row)).toEqual({ kind: 'running' });
  });
});

describe('what the table keeps', () => {
  test('neither the key nor the answer in plain text; a signed-in key with another request is a mismatch', async () => {
    const row = userRow('dave', 'my-secret-key', hash);
    await store.claim(row);
    await store.complete(row, 200, { refresh: 'token-in-the-answer' });
    const dump = JSON.stringify((await db.pool.query("SELECT * FROM http_idempotency WHERE user_id = 'dave'")).rows);
    expect(dump).not.toContain('my-secret-key');
    expect(dump).not.toContain('token-in-the-answer');
    expect(await store.claim(userRow('dave', 'my-secret-key', requestHash('POST', '/api/v1/things', { a: 2 })))).toEqual({ kind: 'mismatch' });
  });

  test('keys of callers who are not signed in: the same key with another request is another row, never a mismatch', async () => {
    const first = anonymousRow('shared-key', hash);
    const other = anonymousRow('shared-key', requestHash('POST', '/api/v1/things', { a: 2 }));
    await store.claim(first);
    await store.complete(first, 200, { mine: true });
    expect(await store.claim(other)).toEqual({ kind: 'claimed' });
    expect(await store.claim(first)).toEqual({ kind: 'done', status: 200, body: { mine: true } });
  });
});

describe('a request whose process died gives its key up at once', () => {
  test('while the holder session lives a retry finds the key running; once it is gone, the retry takes the key', async () => {
    // Another API process: a store of its own on its own pool (its own holder session).
    const otherPool = createPool(db.url, 2);
    otherPool.on('error', () => undefined); // its killed session's error, as a dead process would never see it
    const other = new IdempotencyStore(otherPool);
    await other.onModuleInit();
    const row = userRow('erin', 'k-crash', hash);
    expect(await other.claim(row)).toEqual({ kind: 'claimed' });
    expect(await store.claim(row)).toEqual({ kind: 'running' });
    // The other process is SIGKILLed: PostgreSQL ends its sessions.
    const { rows } = await db.pool.query<{ holder: string }>("SELECT holder FROM http_idempotency WHERE user_id = 'erin'");
    const pid = Number(rows[0]!.holder.split('@')[0]);
    await db.pool.query('SELECT pg_terminate_backend($1)', [pid]);
    let claim = await store.claim(row);
    for (let i = 0; i < 100 && claim.kind === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      claim = await store.claim(row);
    }
    expect(claim).toEqual({ kind: 'claimed' });
    // Now this process holds it: a third try finds it running again.
    expect(await other.claim(row).catch(() => ({ kind: 'running' }))).toEqual({ kind: 'running' });
    other.onModuleDestroy();
    await otherPool.end();
  });
});

describe('the holder session is a connection of its own', () => {
  test('a pool of one connection still serves requests while the holder session lives', async () => {
    const onePool = createPool(db.url, 1);
    const single = new IdempotencyStore(onePool);
    try {
      await single.onModuleInit();
      // Had the holder session taken the pool's one connection, the claim's own statement would wait for ever.
      const answered = await Promise.race([
        single.claim(userRow('fay', 'k-one-pool', hash)),
        new Promise((resolve) => setTimeout(() => resolve('no connection left in the pool'), 15_000).unref()),
      ]);
      expect(answered).toEqual({ kind: 'claimed' });
      expect((await onePool.query<{ n: number }>('SELECT 1 AS n')).rows[0]!.n).toBe(1);
    } finally {
      single.onModuleDestroy();
      await onePool.end();
    }
  });
});
