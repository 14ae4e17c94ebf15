import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { migrateProjections } from './apply-events.js';
import { appendTestEvents, countEffects, effectLogProjection } from './effect-log.testing.js';
import { enterInlineMode, ProjectionHandoverError } from './handover.js';
import { InlineProjectionEventStore } from './inline-projection-store.js';
import { startProjector } from './projector.js';

/**
 * Switching projection modes on one database: inline → async replays nothing the inline path
 * applied; async → inline waits for the projector; and a database from before the switch could be
 * recorded (no mode yet) is taken as inline-projected. Every effect is counted (effect-log: a
 * double apply is a duplicate row, a lost one a missing row).
 */
let db: TestDatabase;
let postgres: PostgresEventStore;
const projection = effectLogProjection('handover');

beforeEach(async () => {
  db = await createTestDatabase('handover');
  postgres = await PostgresEventStore.create(db.pool, db.url);
  await migrateProjections(db.pool, [projection]);
});
afterEach(async () => {
  await postgres.close();
  await db.drop();
});

const waitFor = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('timed out');
};
const allOnce = async (expected: number) => {
  const effects = await countEffects(db.pool);
  return effects.length === expected && effects.every((e) => e.n === 1);
};

describe('switching between inline and async projection', () => {
  test('inline, then async: the projector applies only what came after, nothing twice', async () => {
    await enterInlineMode(db.pool);
    const inline = new InlineProjectionEventStore(postgres, [projection]);
    await appendTestEvents(inline, 'ann', 5);
    await appendTestEvents(inline, 'bob', 3);
    expect(await allOnce(8)).toBe(true);

    const projector = await startProjector({ pool: db.pool, store: postgres, projections: [projection], workers: 2 });
    try {
      await appendTestEvents(postgres, 'ann', 2);
      await appendTestEvents(postgres, 'cat', 2);
      await waitFor(() => allOnce(12));
    } finally {
      await projector.stop();
    }
    const effects = await countEffects(db.pool);
    expect(effects.filter((e) => e.n !== 1)).toEqual([]);
    expect(effects).toHaveLength(12);
  });

  test('async, then inline: refused while the projector is behind; once it has caught up, inline writes go on from there', async () => {
    await appendTestEvents(postgres, 'ann', 4);
    const projector = await startProjector({ pool: db.pool, store: postgres, projections: [projection], workers: 1 });
    await waitFor(() => allOnce(4));
    await projector.stop();
    // Written while no projector runs: not applied yet.
    await appendTestEvents(postgres, 'ann', 1);
    await expect(enterInlineMode(db.pool)).rejects.toBeInstanceOf(ProjectionHandoverError);

    const again = await startProjector({ pool: db.pool, store: postgres, projections: [projection], workers: 1 });
    await waitFor(() => allOnce(5));
    await again.stop();
    await enterInlineMode(db.pool);
    await appendTestEvents(new InlineProjectionEventStore(postgres, [projection]), 'ann', 2);
    expect(await allOnce(7)).toBe(true);
  });

  test('a database with no recorded mode was projected inline: its events count as applied', async () => {
    // Rows written and applied before this version recorded anything (as an inline api did).
    const inline = new InlineProjectionEventStore(postgres, [projection]);
    await appendTestEvents(inline, 'dan', 3);
    await db.pool.query('DELETE FROM projector_user_positions');
    await enterInlineMode(db.pool);
    const projector = await startProjector({ pool: db.pool, store: postgres, projections: [projection], workers: 1 });
    try {
      await appendTestEvents(postgres, 'dan', 1);
      await waitFor(() => allOnce(4));
    } finally {
      await projector.stop();
    }
    expect((await countEffects(db.pool)).every((e) => e.n === 1)).toBe(true);
  });
});
