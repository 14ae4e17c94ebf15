import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { projectionWaitDuration } from '../observability/metrics.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { CHECKPOINT_CHANNEL, DEFAULT_CHECKPOINT_NAME } from './checkpoint.js';
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

  test('each wait is counted in budget_projection_wait_seconds by outcome; one the known position covers is not', async () => {
    const count = async (outcome: string) =>
      (await projectionWaitDuration.get()).values.find((v) => v.metricName === 'budget_projection_wait_seconds_count' && v.labels.outcome === outcome)?.value ?? 0;
    const [reached, timedOut] = [await count('reached'), await count('timeout')];
    const position = await appendTestEvents(store, 'u1', 1);
    await expect(waiter.waitFor(position)).rejects.toBeInstanceOf(ProjectionTimeoutError);
    expect(await count('timeout')).toBe(timedOut + 1);

    // The wait begins before the rebuild: begun after it, the rebuild's announcement could reach
    // the waiter first, and the wait would find the position known (not counted, as below).
    const waiting = waiter.waitFor(position, 60_000);
    await rebuildReadModels({ pool: db.pool, store, projections });
    await waiting;
    expect(await count('reached')).toBe(reached + 1);
    // The checkpoint is known now: no wait, nothing counted.
    await waiter.waitFor(position);
    expect(await count('reached')).toBe(reached + 1);
  });

  describe('on behalf of a user', () => {
    const announce = (payload: string) => db.pool.query('SELECT pg_notify($1, $2)', [CHECKPOINT_CHANNEL, payload]);
    /** Settles once the waiter's LISTEN connection is up (a first wait re-reads the checkpoint through it). */
    const listening = () => waiter.waitFor(0n);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    function track(wait: Promise<void>): { settled: boolean; wait: Promise<void> } {
      const tracked = { settled: false, wait };
      wait.then(
        () => (tracked.settled = true),
        () => (tracked.settled = true),
      );
      return tracked;
    }

    test('a u: announcement for that user resolves the wait; other users\' and malformed ones do not', async () => {
      await listening();
      const alice = track(waiter.waitFor(7n, 5000, 'alice'));

      for (const payload of ['u:bob:9', 'u:alice:6', 'u:alice:', 'u:alice:x9', 'x:alice:9', 'u::9x', ':alice:9']) await announce(payload);
      await pause(150);
      expect(alice.settled).toBe(false);

      await announce('u:alice:7');
      await expect(alice.wait).resolves.toBeUndefined();
    });

    test('given only another user\'s partition passes the position, the wait rejects after its bound', async () => {
      await listening();
      const alice = waiter.waitFor(5n, 300, 'alice');
      await announce('u:bob:9');

      const error = await alice.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProjectionTimeoutError);
      expect((error as Error).message).toMatch('did not reach event position 5 within 300 ms (checkpoint at 0)');
    });

    test('a global checkpoint announcement resolves a user\'s wait too (it covers every partition)', async () => {
      await listening();
      const alice = waiter.waitFor(7n, 5000, 'alice');
      await announce('8');
      await expect(alice).resolves.toBeUndefined();
    });

    test('given a missed announcement, the poll re-reads the user\'s row', async () => {
      const polling = new PostgresProjectionWaiter({ connectionString: db.url, timeoutMs: 5000, pollIntervalMs: 50 });
      try {
        const alice = track(polling.waitFor(4n, 5000, 'alice'));
        await pause(120);
        expect(alice.settled).toBe(false);
        // Stored without NOTIFY, as if the announcement had been lost.
        await db.pool.query('INSERT INTO projector_user_positions (name, user_id, position) VALUES ($1, $2, 4)', [DEFAULT_CHECKPOINT_NAME, 'alice']);
        await expect(alice.wait).resolves.toBeUndefined();
      } finally {
        await polling.close();
      }
    });

    test('waits begun together share their re-reads of the stored positions: one under way, one queued behind it', async () => {
      class Counting extends PostgresProjectionWaiter {
        refreshes = 0;
        protected override refresh(): Promise<void> {
          this.refreshes += 1;
          return super.refresh();
        }
      }
      const counting = new Counting({ connectionString: db.url, timeoutMs: 5000, pollIntervalMs: 60_000 });
      try {
        const users = Array.from({ length: 100 }, (_, i) => `user-${i}`);
        // Every user's partition already passed the position, stored without an announcement.
        await db.pool.query(
          'INSERT INTO projector_user_positions (name, user_id, position) SELECT $1, u, 5 FROM unnest($2::text[]) AS u',
          [DEFAULT_CHECKPOINT_NAME, users],
        );
        await Promise.all(users.map((user) => counting.waitFor(5n, 5000, user)));
        // One re-read per wait was 100 statements' worth of queue on the one connection.
        expect(counting.refreshes).toBeLessThanOrEqual(2);
        expect(counting.refreshes).toBeGreaterThanOrEqual(1);

        // A wait that begins while another's re-read may be under way still sees a row stored before it began.
        const unmoved = counting.waitFor(6n, 300, 'user-0').catch((e: unknown) => e);
        await db.pool.query('UPDATE projector_user_positions SET position = 6 WHERE name = $1 AND user_id = $2', [DEFAULT_CHECKPOINT_NAME, 'user-1']);
        await expect(counting.waitFor(6n, 5000, 'user-1')).resolves.toBeUndefined();
        expect(await unmoved).toBeInstanceOf(ProjectionTimeoutError);
      } finally {
        await counting.close();
      }
    });

    test('given a running projector, a user\'s wait for a fresh append resolves once its effect is readable', async () => {
      const projector = await startProjector({ pool: db.pool, store, projections });
      try {
        const position = await appendTestEvents(store, 'u1', 2);
        await waiter.waitFor(position, 5000, 'u1');
        const { rows } = await db.pool.query('SELECT 1 FROM test_effects WHERE position = $1', [position.toString()]);
        expect(rows).toHaveLength(1);
      } finally {
        await projector.stop();
      }
    });
  });
});
