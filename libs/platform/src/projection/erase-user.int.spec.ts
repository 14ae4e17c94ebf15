import { afterEach, beforeEach, expect, test } from 'vitest';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { eraseUserReadModels } from './erase-user.js';
import { rebuildReadModels } from './rebuild.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { appendTestEvents, effectLogProjection } from './effect-log.testing.js';

let db: TestDatabase;
let store: PostgresEventStore;
const projections = [effectLogProjection('a'), effectLogProjection('b')];

beforeEach(async () => {
  db = await createTestDatabase('erase');
  store = await PostgresEventStore.create(db.pool, db.url);
});
afterEach(async () => {
  await store.close();
  await db.drop();
});

test('given two users, erasing one deletes only that user’s rows from every projection table', async () => {
  await appendTestEvents(store, 'gone', 4);
  await appendTestEvents(store, 'kept', 3);
  await rebuildReadModels({ pool: db.pool, store, projections });

  const deleted = await eraseUserReadModels(db.pool, projections, 'gone');

  expect(deleted).toBe(8);
  const { rows } = await db.pool.query<{ user_id: string; n: number }>('SELECT user_id, count(*)::int AS n FROM test_effects GROUP BY 1');
  expect(rows).toEqual([{ user_id: 'kept', n: 6 }]);
});

test('erasing a user also forgets the projector\'s position for that user, and only for that user', async () => {
  await rebuildReadModels({ pool: db.pool, store, projections });
  await db.pool.query(`INSERT INTO projector_user_positions (name, user_id, position) VALUES ('read-models', 'gone', 4), ('read-models', 'kept', 7)`);

  expect(await eraseUserReadModels(db.pool, projections, 'gone')).toBe(1);

  const { rows } = await db.pool.query('SELECT user_id FROM projector_user_positions');
  expect(rows).toEqual([{ user_id: 'kept' }]);
});
