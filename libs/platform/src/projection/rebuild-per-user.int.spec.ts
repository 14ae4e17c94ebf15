import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { createPool } from '../postgres/pool.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { migrateProjections } from './apply-events.js';
import { appendTestEvents, countEffects, effectLogProjection, EFFECT_TABLE } from './effect-log.testing.js';
import { enterInlineMode } from './handover.js';
import { InlineProjectionEventStore } from './inline-projection-store.js';
import type { Projection } from './projection.js';
import { startProjector } from './projector.js';
import { rebuildReadModelsPerUser, rebuildUserReadModels } from './rebuild-per-user.js';

/**
 * The per-user rebuild: each user's rows deleted and replayed from that user's events alone, in a
 * transaction holding only that user's lock. Every effect is counted (effect-log: a double apply
 * is a duplicate row, a lost one a missing row).
 */
let db: TestDatabase;
let postgres: PostgresEventStore;
const projection = effectLogProjection('rebuild');

beforeEach(async () => {
  db = await createTestDatabase('rebuild_user');
  postgres = await PostgresEventStore.create(db.pool, db.url);
  await migrateProjections(db.pool, [projection]);
  await enterInlineMode(db.pool);
});
afterEach(async () => {
  await postgres.close();
  await db.drop();
});

/** Waits (generously bounded: CI shares its machine) until the effects satisfy `ok`; false if they never do. */
const effectsReach = async (ok: (effects: Awaited<ReturnType<typeof countEffects>>) => boolean) => {
  for (let i = 0; i < 1200; i++) {
    if (ok(await countEffects(db.pool))) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
};

/**
 * The projection, except that it stops at `userId`'s first event until `open()` is called, so a
 * rebuild of that user holds its transaction open; `replaying` resolves once it has stopped there.
 */
function gatedOn(userId: string) {
  let started!: () => void;
  const replaying = new Promise<void>((resolve) => (started = resolve));
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const gated = {
    ...projection,
    async apply(client: Parameters<typeof projection.apply>[0], event: Parameters<typeof projection.apply>[1]) {
      if (event.metadata.userId === userId) {
        started();
        await gate;
      }
      await projection.apply(client, event);
    },
  };
  return { gated, replaying, open };
}

const positionsOf = async (userId: string) =>
  (await db.pool.query<{ position: string }>('SELECT position::text FROM es_events WHERE user_id = $1 ORDER BY position', [userId])).rows.map((r) => r.position);

describe('rebuilding the read models one user at a time', () => {
  test('damaged rows are replaced by exactly one effect per event, for every user; rows of a user with no events go', async () => {
    const inline = new InlineProjectionEventStore(postgres, [projection]);
    await appendTestEvents(inline, 'ann', 6);
    await appendTestEvents(inline, 'bob', 4);
    // Damage: one of Ann's effects lost, one of Bob's doubled, rows of an erased user left behind.
    await db.pool.query(`DELETE FROM ${EFFECT_TABLE} WHERE ctid IN (SELECT ctid FROM ${EFFECT_TABLE} WHERE user_id = 'ann' LIMIT 1)`);
    await db.pool.query(`INSERT INTO ${EFFECT_TABLE} SELECT * FROM ${EFFECT_TABLE} WHERE user_id = 'bob' LIMIT 1`);
    await db.pool.query(`INSERT INTO ${EFFECT_TABLE} (user_id, projection, position) VALUES ('gone', 'rebuild', 1)`);

    const result = await rebuildReadModelsPerUser({ pool: db.pool, projections: [projection] });
    expect(result).toEqual({ users: 2, events: 10 });
    const effects = await countEffects(db.pool);
    expect(effects.every((e) => e.n === 1)).toBe(true);
    expect(effects.filter((e) => e.user_id === 'ann').map((e) => e.position)).toEqual(await positionsOf('ann'));
    expect(effects.filter((e) => e.user_id === 'bob').map((e) => e.position)).toEqual(await positionsOf('bob'));
    expect(effects.some((e) => e.user_id === 'gone')).toBe(false);
  });

  test('several users rebuilt at once: exactly one effect per event for every user', async () => {
    const inline = new InlineProjectionEventStore(postgres, [projection]);
    const users = ['ann', 'bob', 'cat', 'dan', 'eve'];
    for (const [i, user] of users.entries()) await appendTestEvents(inline, user, 3 + i);
    await db.pool.query(`DELETE FROM ${EFFECT_TABLE}`);
    const seen: string[] = [];
    const result = await rebuildReadModelsPerUser({ pool: db.pool, projections: [projection], concurrency: 3, onUser: (user) => seen.push(user.userId) });
    expect(result).toEqual({ users: 5, events: 3 + 4 + 5 + 6 + 7 });
    expect(seen.sort()).toEqual(users);
    const effects = await countEffects(db.pool);
    expect(effects.every((e) => e.n === 1)).toBe(true);
    for (const user of users) expect(effects.filter((e) => e.user_id === user).map((e) => e.position)).toEqual(await positionsOf(user));
  });

  test("another user's write is not held up by a user's rebuild: it commits while the rebuild is still replaying", async () => {
    const inline = new InlineProjectionEventStore(postgres, [projection]);
    await appendTestEvents(inline, 'ann', 5);
    // Ann's replay stops at her first event until Bob's write has committed: were Bob's write to
    // wait for her rebuild, the test would never end (and fails on its timeout).
    const { gated, replaying, open } = gatedOn('ann');
    const rebuilding = rebuildUserReadModels({ pool: db.pool, projections: [gated], userId: 'ann' });
    await replaying;
    await appendTestEvents(inline, 'bob', 1);
    open();
    expect((await rebuilding).events).toBe(5);
    expect((await countEffects(db.pool)).every((e) => e.n === 1)).toBe(true);
  });

  test("with the projector running (async), another user's events are projected while a user's long rebuild is still open", async () => {
    const projector = await startProjector({ pool: db.pool, store: postgres, projections: [projection], workers: 2 });
    try {
      await appendTestEvents(postgres, 'ann', 4);
      expect(await effectsReach((effects) => effects.length === 4)).toBe(true);
      // Ann's rebuild holds its transaction open (it has deleted her rows: it has a transaction id)
      // until Bob's events are projected. Were the log's readers to wait for every transaction in
      // flight, Bob's events would be held back behind it and this would never happen.
      const { gated, replaying, open } = gatedOn('ann');
      const rebuilding = rebuildUserReadModels({ pool: db.pool, projections: [gated], userId: 'ann' });
      await replaying;
      await appendTestEvents(postgres, 'bob', 3);
      const bobProjected = await effectsReach((effects) => effects.filter((e) => e.user_id === 'bob').length === 3);
      open();
      expect((await rebuilding).events).toBe(4);
      expect(bobProjected).toBe(true);
      expect(await effectsReach((effects) => effects.length === 7 && effects.every((e) => e.n === 1))).toBe(true);
    } finally {
      await projector.stop();
    }
  });

  test('with the projector running (async), a rebuilt user is neither replayed twice nor missing an event written meanwhile', async () => {
    const projector = await startProjector({ pool: db.pool, store: postgres, projections: [projection], workers: 2 });
    try {
      await appendTestEvents(postgres, 'cat', 8);
      const all = async (n: number) => {
        for (let i = 0; i < 400; i++) {
          const effects = await countEffects(db.pool);
          if (effects.length === n && effects.every((e) => e.n === 1)) return true;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        return false;
      };
      expect(await all(8)).toBe(true);
      const [rebuilt] = await Promise.all([rebuildUserReadModels({ pool: db.pool, projections: [projection], userId: 'cat' }), appendTestEvents(postgres, 'cat', 3)]);
      expect(rebuilt.events).toBeGreaterThanOrEqual(8);
      expect(await all(11)).toBe(true);
    } finally {
      await projector.stop();
    }
  });
});

/**
 * A read model keyed by its rows (one per event, its position the primary key), with a search index:
 * what the ledger's tables look like to the rebuild's merge.
 */
const keyed: Projection = {
  name: 'keyed',
  tables: ['test_keyed'],
  migrations: [
    {
      id: 'platform-test-002-keyed',
      sql: `CREATE TABLE IF NOT EXISTS test_keyed (user_id text NOT NULL, position bigint PRIMARY KEY, note jsonb NOT NULL, tag text);
            CREATE INDEX IF NOT EXISTS test_keyed_tag ON test_keyed USING gin (to_tsvector('simple', coalesce(tag, '')))`,
    },
  ],
  async apply(client, event) {
    await client.query('INSERT INTO test_keyed (user_id, position, note, tag) VALUES ($1, $2, $3, NULL) ON CONFLICT (position) DO NOTHING', [
      event.metadata.userId,
      event.position.toString(),
      JSON.stringify(event.data),
    ]);
  },
};

/** Each row of the keyed table with the transaction that wrote it (`xmin`): a row rewritten, even identically, has a new one. */
const keyedRows = async () =>
  (await db.pool.query<{ user_id: string; position: string; note: unknown; tag: string | null; xmin: string }>(
    'SELECT user_id, position::text, note, tag, xmin::text FROM test_keyed ORDER BY position',
  )).rows;

describe('the rebuild writes only what differs', () => {
  beforeEach(async () => {
    await migrateProjections(db.pool, [keyed]);
  });

  test('rows already right are left as they are; a changed row is put back, a lost one restored, a stray one removed; other users untouched', async () => {
    const inline = new InlineProjectionEventStore(postgres, [keyed]);
    await appendTestEvents(inline, 'ann', 5);
    await appendTestEvents(inline, 'bob', 2);
    const before = await keyedRows();

    expect((await rebuildUserReadModels({ pool: db.pool, projections: [keyed], userId: 'ann' })).events).toBe(5);
    expect(await keyedRows()).toEqual(before);

    const [first, second, third] = before.filter((r) => r.user_id === 'ann');
    await db.pool.query(`UPDATE test_keyed SET tag = 'damaged' WHERE position = $1`, [first!.position]);
    await db.pool.query('DELETE FROM test_keyed WHERE position = $1', [second!.position]);
    await db.pool.query(`INSERT INTO test_keyed (user_id, position, note) VALUES ('ann', 999999, '{}')`);
    await rebuildUserReadModels({ pool: db.pool, projections: [keyed], userId: 'ann' });
    const after = await keyedRows();
    const without = (rows: typeof before) => rows.map(({ xmin: _, ...row }) => row);
    expect(without(after)).toEqual(without(before));
    // Only the damaged and the lost row were written again.
    const rewritten = after.filter((row) => before.find((b) => b.position === row.position)?.xmin !== row.xmin).map((r) => r.position);
    expect(rewritten.sort()).toEqual([first!.position, second!.position].sort());
    expect(after.find((r) => r.position === third!.position)!.xmin).toBe(third!.xmin);
  });

  test('a table with none of the user\'s rows is replayed into directly, beside a table compared through its copy', async () => {
    const inline = new InlineProjectionEventStore(postgres, [projection, keyed]);
    await appendTestEvents(inline, 'dan', 4);
    await db.pool.query(`DELETE FROM ${EFFECT_TABLE} WHERE user_id = 'dan'`);
    const before = await keyedRows();
    await rebuildUserReadModels({ pool: db.pool, projections: [projection, keyed], userId: 'dan' });
    expect(await keyedRows()).toEqual(before);
    const effects = await countEffects(db.pool);
    expect(effects.every((e) => e.n === 1)).toBe(true);
    expect(effects.map((e) => e.position)).toEqual(await positionsOf('dan'));
  });

  test('on a connection that has prepared the projection\'s statements already, each rebuild still replays into its copies (twice running, with writes between)', async () => {
    // One connection for everything: the inline writes prepare the projection's INSERT on it, and
    // both rebuilds run on it. A plan kept from before would write the real table (where every row
    // conflicts) and leave the copy empty, and the merge would then delete the user's rows.
    const single = createPool(db.url, 1);
    try {
      const store = await PostgresEventStore.create(single, db.url);
      try {
        const inline = new InlineProjectionEventStore(store, [keyed]);
        await appendTestEvents(inline, 'cat', 3);
        await rebuildUserReadModels({ pool: single, projections: [keyed], userId: 'cat' });
        await appendTestEvents(inline, 'cat', 2);
        expect((await rebuildUserReadModels({ pool: single, projections: [keyed], userId: 'cat' })).events).toBe(5);
        await appendTestEvents(inline, 'cat', 1);
        expect((await keyedRows()).map((r) => r.position)).toEqual(await positionsOf('cat'));
      } finally {
        await store.close();
      }
    } finally {
      await single.end();
    }
  });
});

describe("the projector's own batches", () => {
  test("another user's events are projected while one user's batch is still open (a batch holds no reader of the log back)", async () => {
    const { gated, replaying, open } = gatedOn('dan');
    const projector = await startProjector({ pool: db.pool, store: postgres, projections: [gated], workers: 2 });
    try {
      await appendTestEvents(postgres, 'dan', 1);
      // Dan's batch stops in its transaction, which has an id by then (it locked Dan's position row).
      await replaying;
      await appendTestEvents(postgres, 'eve', 2);
      const eveProjected = await effectsReach((effects) => effects.filter((e) => e.user_id === 'eve').length === 2);
      open();
      expect(eveProjected).toBe(true);
      expect(await effectsReach((effects) => effects.length === 3 && effects.every((e) => e.n === 1))).toBe(true);
    } finally {
      open();
      await projector.stop();
    }
  });
});
