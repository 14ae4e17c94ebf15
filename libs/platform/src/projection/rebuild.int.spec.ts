import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { DEFAULT_CHECKPOINT_NAME, readCheckpoint } from './checkpoint.js';
import { startProjector } from './projector.js';
import { rebuildReadModels } from './rebuild.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { appendTestEvents, effectLogProjection } from './effect-log.testing.js';

let db: TestDatabase;
let store: PostgresEventStore;
const projections = [effectLogProjection('a'), effectLogProjection('b')];

beforeEach(async () => {
  db = await createTestDatabase('rebuild');
  store = await PostgresEventStore.create(db.pool, db.url);
});
afterEach(async () => {
  await store.close();
  await db.drop();
});

async function snapshot(): Promise<unknown[]> {
  const { rows } = await db.pool.query('SELECT user_id, projection, position::text FROM test_effects ORDER BY projection, position');
  return rows;
}

describe('rebuildReadModels', () => {
  test('given live read models, a rebuild yields the same rows and leaves the checkpoint at the head', async () => {
    await appendTestEvents(store, 'u1', 15);
    const head = await appendTestEvents(store, 'u2', 15);
    const projector = await startProjector({ pool: db.pool, store, projections, batchSize: 4 });
    await projector.caughtUp(head, 10_000);
    await projector.stop();
    const live = await snapshot();

    const result = await rebuildReadModels({ pool: db.pool, store, projections, pageSize: 7 });

    expect(result).toEqual({ events: 30, position: head });
    expect(await snapshot()).toEqual(live);
    expect(live).toHaveLength(60);
    expect(await readCheckpoint(db.pool, DEFAULT_CHECKPOINT_NAME)).toBe(head);
  });

  test('given user positions left by the projector, a rebuild clears them (the checkpoint at the head covers every user)', async () => {
    const head = await appendTestEvents(store, 'u1', 5);
    const projector = await startProjector({ pool: db.pool, store, projections });
    await projector.caughtUp(head, 10_000);
    await projector.stop();
    const positions = () => db.pool.query('SELECT user_id, position::text FROM projector_user_positions').then((r) => r.rows);
    expect(await positions()).toEqual([{ user_id: 'u1', position: head.toString() }]);

    await rebuildReadModels({ pool: db.pool, store, projections });

    expect(await positions()).toEqual([]);
    expect(await readCheckpoint(db.pool, DEFAULT_CHECKPOINT_NAME)).toBe(head);
  });

  test('given a projector running during the rebuild, it resumes after it without doubling', async () => {
    const projector = await startProjector({ pool: db.pool, store, projections, batchSize: 2 });
    await appendTestEvents(store, 'u1', 20);
    await rebuildReadModels({ pool: db.pool, store, projections });
    const head = await appendTestEvents(store, 'u1', 5);
    await projector.caughtUp(head, 10_000);
    await projector.stop();

    const rows = await snapshot();
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((r) => JSON.stringify(r))).size).toBe(50);
  });
});
