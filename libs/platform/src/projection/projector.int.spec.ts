import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { DEFAULT_CHECKPOINT_NAME, readCheckpoint } from './checkpoint.js';
import { startProjector, type ProjectorHandle } from './projector.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { appendTestEvents, effectLogProjection } from './effect-log.testing.js';

let db: TestDatabase;
let store: PostgresEventStore;
const running: ProjectorHandle[] = [];

beforeEach(async () => {
  db = await createTestDatabase('projector');
  store = await PostgresEventStore.create(db.pool, db.url);
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
  await store.close();
  await db.drop();
});

async function start(options: Partial<Parameters<typeof startProjector>[0]> = {}): Promise<ProjectorHandle> {
  const handle = await startProjector({ pool: db.pool, store, projections: [effectLogProjection('a')], retryDelayMs: 20, ...options });
  running.push(handle);
  return handle;
}

async function effects(): Promise<{ projection: string; position: string; n: number }[]> {
  const { rows } = await db.pool.query(
    'SELECT projection, position::text AS position, count(*)::int AS n FROM test_effects GROUP BY 1, 2 ORDER BY 1, position',
  );
  return rows;
}

describe('projector', () => {
  test('given events before and after start, each is applied exactly once and the checkpoint reaches the head', async () => {
    await appendTestEvents(store, 'u1', 30);
    const projector = await start({ batchSize: 7 });
    const head = await appendTestEvents(store, 'u2', 20);

    await projector.caughtUp(head, 10_000);

    const rows = await effects();
    expect(rows).toHaveLength(50);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(await readCheckpoint(db.pool, DEFAULT_CHECKPOINT_NAME)).toBe(head);
  });

  test('when one projection fails, the whole batch is rolled back; after the fault clears every effect lands once', async () => {
    const head = await appendTestEvents(store, 'u1', 10);
    const fault = { failAt: 6n as bigint | null };
    const error = vi.fn();
    const projector = await start({ projections: [effectLogProjection('a'), effectLogProjection('b', fault)], batchSize: 1, logger: { log: () => undefined, error } });

    await projector.caughtUp(5n, 10_000);
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    expect(await readCheckpoint(db.pool, DEFAULT_CHECKPOINT_NAME)).toBe(5n);
    expect((await effects()).filter((r) => r.position === '6')).toEqual([]);

    fault.failAt = null;
    await projector.caughtUp(head, 10_000);
    const rows = await effects();
    expect(rows).toHaveLength(20);
    expect(rows.every((r) => r.n === 1)).toBe(true);
  });

  test('given a stop and a restart, the projector resumes from the checkpoint without doubling', async () => {
    const first = await start({ batchSize: 3 });
    await first.caughtUp(await appendTestEvents(store, 'u1', 10), 10_000);
    await first.stop();
    const head = await appendTestEvents(store, 'u1', 10);

    const second = await start({ batchSize: 3 });
    await second.caughtUp(head, 10_000);

    const rows = await effects();
    expect(rows).toHaveLength(20);
    expect(rows.every((r) => r.n === 1)).toBe(true);
  });

  test('given two projectors on the same database, no effect is doubled', async () => {
    const one = await start({ batchSize: 5 });
    const two = await start({ batchSize: 5 });
    const head = await appendTestEvents(store, 'u1', 120);

    await Promise.all([one.caughtUp(head, 20_000), two.caughtUp(head, 20_000)]);

    const rows = await effects();
    expect(rows).toHaveLength(120);
    expect(rows.every((r) => r.n === 1)).toBe(true);
  });
});
