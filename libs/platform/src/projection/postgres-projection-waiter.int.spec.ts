import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { PostgresProjectionWaiter } from './postgres-projection-waiter.js';
import { ProjectionTimeoutError } from './projection-timeout.error.js';
import { startProjector } from './projector.js';
import { rebuildReadModels } from './rebuild.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { appendTestEvents, effectLogProjection } from './effect-log.testing.js';

let db: TestDatabase;
let store: PostgresEventStore;
let waiter: PostgresProjectionWaiter;
const projections = [effectLogProjection('a')];

beforeEach(async () => {
  db = await createTestDatabase('waiter');
  store = await PostgresEventStore.create(db.pool, db.url);
  await rebuildReadModels({ pool: db.pool, store, projections });
  waiter = new PostgresProjectionWaiter({ connectionString: db.url, timeoutMs: 300 });
});
afterEach(async () => {
  await waiter.close();
  await store.close();
  await db.drop();
});

describe('PostgresProjectionWaiter', () => {
  test('given a running projector, a wait for a fresh append resolves once its effect is readable', async () => {
    const projector = await startProjector({ pool: db.pool, store, projections });
    try {
      const position = await appendTestEvents(store, 'u1', 1);
      await waiter.waitFor(position, 5000);
      const { rows } = await db.pool.query('SELECT 1 FROM test_effects WHERE position = $1', [position.toString()]);
      expect(rows).toHaveLength(1);
    } finally {
      await projector.stop();
    }
  });

  test('given a position the checkpoint already passed, the wait resolves at once', async () => {
    const position = await appendTestEvents(store, 'u1', 3);
    await rebuildReadModels({ pool: db.pool, store, projections });
    await expect(waiter.waitFor(position - 1n)).resolves.toBeUndefined();
  });

  test('given no projector, the wait rejects after its bound with a clear error', async () => {
    const position = await appendTestEvents(store, 'u1', 1);
    const started = Date.now();
    const error = await waiter.waitFor(position).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProjectionTimeoutError);
    expect((error as Error).message).toMatch(`did not reach event position ${position} within 300 ms (checkpoint at 0)`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });
});
