import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newEvent, uniqueStream } from '../event-store/contract/fixtures.js';
import { postgresHoldAppend } from '../event-store/contract/postgres-held-append.js';
import { describeEventStoreContract } from '../event-store/event-store.contract.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { migrateProjections } from './apply-events.js';
import { effectLogProjection } from './effect-log.testing.js';
import { InlineProjectionEventStore } from './inline-projection-store.js';
import type { Projection } from './projection.js';
import { rebuildReadModels } from './rebuild.js';

// The inline store is an event store like the others: the whole contract suite, projections on.
describeEventStoreContract('PostgreSQL with inline projection', async () => {
  const db = await createTestDatabase('es_inline_contract');
  const projections = [effectLogProjection('inline')];
  await migrateProjections(db.pool, projections);
  const inner = await PostgresEventStore.create(db.pool, db.url);
  return {
    store: new InlineProjectionEventStore(inner, projections),
    holdAppend: postgresHoldAppend(db.url),
    cleanup: async () => {
      await inner.close();
      await db.drop();
    },
  };
});

describe('inline projection', () => {
  let db: TestDatabase;
  let inner: PostgresEventStore;
  const effectLog = effectLogProjection('inline');
  /** The effect log, refusing events whose data says `fail` (a projection bug, as far as the store knows). */
  const projections: Projection[] = [
    {
      ...effectLog,
      apply: async (client, event) => {
        if ((event.data as { fail?: boolean }).fail) throw new Error(`the projection fails at ${event.position}`);
        await effectLog.apply(client, event);
      },
    },
  ];
  let store: InlineProjectionEventStore;
  const effects = async () =>
    (await db.pool.query<{ position: string }>('SELECT position FROM test_effects ORDER BY position, user_id')).rows.map((r) => r.position);

  beforeAll(async () => {
    db = await createTestDatabase('es_inline');
    await migrateProjections(db.pool, projections);
    inner = await PostgresEventStore.create(db.pool, db.url);
    store = new InlineProjectionEventStore(inner, projections);
  });
  afterAll(async () => {
    await inner.close();
    await db.drop();
  });

  test('when an append or appendMany returns, each event is in the read model once; a retry adds nothing', async () => {
    const before = (await effects()).length;
    const one = await store.append(uniqueStream('budget'), [newEvent('user-a')], { expectedRevision: 'no_stream' });
    const appends = [
      { stream: uniqueStream('transaction'), events: [newEvent('user-a'), newEvent('user-a')], expectedRevision: 'no_stream' as const },
      { stream: uniqueStream('transaction'), events: [newEvent('user-b')], expectedRevision: 'no_stream' as const },
    ];
    const many = await store.appendMany(appends);
    const after = await effects();
    expect(after).toHaveLength(before + 4);
    expect(after).toContain(one.position.toString());
    expect(after).toContain(many[1]!.position.toString());
    await store.appendMany(appends);
    expect(await effects()).toEqual(after);
  });

  test('appendManyThenRead reads behind the commit on the same connection, sees what it committed; a retry reads from the pool', async () => {
    const appends = [{ stream: uniqueStream('transaction'), events: [newEvent('user-a'), newEvent('user-a')], expectedRevision: 'no_stream' as const }];
    const positions = async () => (await db.pool.query<{ position: string }>('SELECT position::text FROM es_events WHERE stream_id = $1 ORDER BY position', [appends[0]!.stream])).rows.map((r) => r.position);
    const first = await store.appendManyThenRead(appends, async (db) => {
      // Inside the append's transaction, which has written, the transaction would have an id.
      const { rows } = await db.query<{ effects: string[]; in_tx: boolean }>(
        `SELECT pg_current_xact_id_if_assigned() IS NOT NULL AS in_tx,
                ARRAY(SELECT e.position::text FROM test_effects e JOIN es_events s ON s.position = e.position WHERE s.stream_id = $1 ORDER BY 1) AS effects`,
        [appends[0]!.stream],
      );
      return rows[0]!;
    });
    // Both events are projected and visible to the read, which ran outside the (committed) transaction.
    expect(first.answer.effects).toEqual(await positions());
    expect(first.answer.effects).toHaveLength(2);
    expect(first.answer.in_tx).toBe(false);
    expect(first.results).toHaveLength(1);
    const again = await store.appendManyThenRead(appends, async () => 'read from the pool');
    expect(again.answer).toBe('read from the pool');
    expect(again.results).toEqual(first.results);
  });

  test('a projection that fails rolls the append back: nothing is stored that the read models do not show', async () => {
    const stream = uniqueStream('budget');
    const before = await effects();
    await expect(store.append(stream, [newEvent('user-a', { fail: true })], { expectedRevision: 'no_stream' })).rejects.toThrow(/projection fails/);
    expect(await store.readStream(stream)).toEqual([]);
    expect(await effects()).toEqual(before);
    await store.append(stream, [newEvent('user-a')], { expectedRevision: 'no_stream' });
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  test('a rebuild from the log gives the read model the inline writes made', async () => {
    const live = await effects();
    const result = await rebuildReadModels({ pool: db.pool, store, projections });
    expect(result.events).toBe(live.length);
    expect(await effects()).toEqual(live);
  });
});
