import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkpointMigrations, DEFAULT_CHECKPOINT_NAME, FixedClock, migrate, PostgresEventStore, quarantineMigrations, quarantineUser } from '@budget/platform';
import { createTestDatabase, type TestDatabase } from '@budget/platform/testing';
import { HealthHandler } from '../health.controller.js';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const at = (secondsAgo: number) => new Date(NOW.getTime() - secondsAgo * 1000).toISOString();

/**
 * The projector's lag as /health reports it, with the projector's own tables set by hand: the global
 * checkpoint is the low-water mark, and each user's partition may be further.
 */
describe('health: the projector lag counts what is not applied, per user partition', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  const positions: Record<'alice' | 'bob', bigint[]> = { alice: [], bob: [] };
  const health = (projection: 'inline' | 'async') => new HealthHandler(db.pool, store, new FixedClock(NOW), { projection, eventStore: 'postgres' }).execute();
  const setPositions = async (checkpoint: bigint, users: Record<string, bigint>) => {
    await db.pool.query('DELETE FROM projector_user_positions');
    await db.pool.query(
      `INSERT INTO projector_checkpoint (name, position) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position`,
      [DEFAULT_CHECKPOINT_NAME, checkpoint.toString()],
    );
    for (const [user, position] of Object.entries(users)) {
      await db.pool.query('INSERT INTO projector_user_positions (name, user_id, position) VALUES ($1, $2, $3)', [DEFAULT_CHECKPOINT_NAME, user, position.toString()]);
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase('health_lag');
    store = await PostgresEventStore.create(db.pool, db.url, { settleMs: 50 });
    await migrate(db.pool, [...checkpointMigrations, ...quarantineMigrations]);
    // Alice's burst of three, 60, 50 and 40 s ago, then two of Bob's, 30 and 20 s ago.
    const burst: ['alice' | 'bob', number][] = [['alice', 60], ['alice', 50], ['alice', 40], ['bob', 30], ['bob', 20]];
    for (const [user, secondsAgo] of burst) {
      const event = { id: randomUUID(), type: 'TestHappened', data: {}, metadata: { userId: user, correlationId: randomUUID(), causationId: null, recordedAt: at(secondsAgo), actor: 'user' as const } };
      positions[user].push((await store.append(`test-${randomUUID()}`, [event], { expectedRevision: 'no_stream' })).position);
    }
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  test("given Bob's partition applied past Alice's unapplied burst, only Alice's events lag, from the oldest of them", async () => {
    await setPositions(0n, { alice: positions.alice[0]!, bob: positions.bob[1]! });
    const { projector } = await health('async');
    expect(projector).toEqual({ checkpoint: '0', head: positions.bob[1]!.toString(), lagEvents: 2, lagMs: 50_000, lagUsers: 1, quarantined: [] });
  });

  test('given no partition applied anything, every event lags, in both partitions', async () => {
    await setPositions(0n, {});
    expect((await health('async')).projector).toMatchObject({ lagEvents: 5, lagMs: 60_000, lagUsers: 2 });
  });

  test('given the global checkpoint past a stale user row, the checkpoint covers what is below it', async () => {
    await setPositions(positions.alice[2]!, { alice: 0n });
    expect((await health('async')).projector).toMatchObject({ checkpoint: positions.alice[2]!.toString(), lagEvents: 2, lagMs: 30_000, lagUsers: 1 });
  });

  test("given Alice's partition quarantined at her second event, health names that event (not her)", async () => {
    await setPositions(0n, { alice: positions.alice[0]!, bob: positions.bob[1]! });
    const [, second] = (await store.readAll()).filter((e) => e.metadata.userId === 'alice');
    await quarantineUser(db.pool, DEFAULT_CHECKPOINT_NAME, second!, new Error('boom'), { firstMs: 5000, maxMs: 300_000 });
    try {
      const { projector } = await health('async');
      expect(projector.quarantined).toEqual([
        { position: second!.position.toString(), eventId: second!.id, eventType: 'TestHappened', since: expect.any(String), attempts: 1, retryAt: expect.any(String) },
      ]);
      expect(Date.parse(projector.quarantined[0]!.retryAt) - Date.parse(projector.quarantined[0]!.since)).toBeGreaterThanOrEqual(4900);
      expect(JSON.stringify(projector)).not.toContain('alice');
      expect(projector).toMatchObject({ lagEvents: 2, lagUsers: 1 });
    } finally {
      await db.pool.query('DELETE FROM projector_quarantine');
    }
  });

  test('given inline projection, nothing lags whatever the tables say', async () => {
    await setPositions(0n, {});
    expect((await health('inline')).projector).toEqual({ checkpoint: positions.bob[1]!.toString(), head: positions.bob[1]!.toString(), lagEvents: 0, lagMs: 0, lagUsers: 0, quarantined: [] });
  });
});

describe('health with EventStoreDB: the log is not in PostgreSQL', () => {
  test('it reads the head and the events behind from the store, never es_events (which that mode never creates)', async () => {
    const db = await createTestDatabase('health_esdb');
    try {
      await migrate(db.pool, [...checkpointMigrations, ...quarantineMigrations]);
      await db.pool.query('INSERT INTO projector_checkpoint (name, position) VALUES ($1, 5)', [DEFAULT_CHECKPOINT_NAME]);
      const behind = [6n, 7n].map((position, i) => ({
        id: randomUUID(), stream: 's', type: 'T', data: {}, revision: BigInt(i), position,
        metadata: { userId: i === 0 ? 'alice' : 'bob', correlationId: 'c', causationId: null, recordedAt: at(90 - i * 30), actor: 'user' as const },
      }));
      // EventStoreDB cannot run on this machine: the store's two reads the check uses stand in for it.
      const store = { headPosition: async () => 7n, readAll: async ({ after }: { after?: bigint }) => behind.filter((e) => e.position > (after ?? 0n)) };
      const answer = await new HealthHandler(db.pool, store as never, new FixedClock(NOW), { projection: 'async', eventStore: 'eventstoredb' }).execute();
      expect(answer.projector).toEqual({ checkpoint: '5', head: '7', lagEvents: 2, lagMs: 90_000, lagUsers: 2, quarantined: [] });
      expect((await db.pool.query("SELECT to_regclass('es_events') AS t")).rows[0].t).toBeNull();
    } finally {
      await db.drop();
    }
  });
});
