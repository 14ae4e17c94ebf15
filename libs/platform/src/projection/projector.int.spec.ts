import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import type { EventStore, StoredEvent } from '../event-store/port.js';
import { DEFAULT_CHECKPOINT_NAME, readCheckpoint } from './checkpoint.js';
import { PostgresProjectionWaiter } from './postgres-projection-waiter.js';
import { ProjectionQuarantinedError } from './projection-quarantined.error.js';
import { readQuarantines, resumeQuarantined } from './quarantine.js';
import { startProjector, type ProjectorHandle } from './projector.js';
import { rebuildReadModels } from './rebuild.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { appendTestEvents, countEffects, effectLogProjection, slowForUser } from './effect-log.testing.js';

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

  test('when one projection fails, the failing event\'s effects are rolled back in every projection; after the fault clears every effect lands once', async () => {
    const head = await appendTestEvents(store, 'u1', 10);
    const [fifth, sixth] = (await store.readAll()).slice(4, 6).map((e) => e.position) as [bigint, bigint];
    const fault = { failAt: sixth as bigint | null };
    const error = vi.fn();
    const projector = await start({ projections: [effectLogProjection('a'), effectLogProjection('b', fault)], batchSize: 1, quarantineRetryMs: 50, quarantinePollMs: 20, logger: { log: () => undefined, error } });

    await projector.caughtUp(fifth, 10_000);
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    // A position passed: every event up to the fifth is applied, the sixth is not. The failure is
    // logged before the quarantine stores the checkpoint just below it, so wait for that.
    await vi.waitFor(async () => expect(await readCheckpoint(db.pool, DEFAULT_CHECKPOINT_NAME)).toBe(sixth - 1n));
    expect((await effects()).filter((r) => r.position === sixth.toString())).toEqual([]);

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

  test('given one user\'s slow burst, another user\'s later write is projected and its wait resolves while the burst is still being applied', async () => {
    const waiter = new PostgresProjectionWaiter({ connectionString: db.url, pollIntervalMs: 50 });
    try {
      // 60 events × 30 ms: the burst takes about 2 s to apply, one batch of 5 at a time.
      const projector = await start({ projections: [slowForUser(effectLogProjection('a'), 'burst', 30)], batchSize: 5, workers: 4 });
      const burstEnd = await appendTestEvents(store, 'burst', 60);
      const other = await appendTestEvents(store, 'other', 1);

      await waiter.waitFor(other, 10_000, 'other');

      const now = await countEffects(db.pool);
      expect(now.filter((r) => r.user_id === 'other')).toEqual([{ user_id: 'other', projection: 'a', position: other.toString(), n: 1 }]);
      expect(now.filter((r) => r.user_id === 'burst').length).toBeLessThan(60);
      // The global checkpoint is held back by the burst: only the user's own partition said "done".
      expect(await readCheckpoint(db.pool, DEFAULT_CHECKPOINT_NAME)).toBeLessThan(burstEnd);

      await projector.caughtUp(other, 20_000);
      const rows = await countEffects(db.pool);
      expect(rows).toHaveLength(61);
      expect(rows.every((r) => r.n === 1)).toBe(true);
    } finally {
      await waiter.close();
    }
  });

  test('given two projectors at once, one of them stopped and restarted mid-stream, the effects equal one clean replay', async () => {
    const users = ['u1', 'u2', 'u3', 'u4', 'u5'];
    const one = await start({ batchSize: 3, workers: 3 });
    let two = await start({ batchSize: 4, workers: 2 });
    let head = 0n;
    for (let round = 0; round < 6; round += 1) {
      // Users append at once, so their events interleave in the log.
      for (const last of await Promise.all(users.map((user) => appendTestEvents(store, user, 8)))) if (last > head) head = last;
      if (round === 2) {
        await two.stop();
        two = await start({ batchSize: 4, workers: 2 });
      }
    }

    await Promise.all([one.caughtUp(head, 20_000), two.caughtUp(head, 20_000)]);
    await Promise.all(running.splice(0).map((p) => p.stop()));
    const live = await countEffects(db.pool);
    await rebuildReadModels({ pool: db.pool, store, projections: [effectLogProjection('a')] });

    expect(live).toHaveLength(users.length * 6 * 8);
    expect(live.every((r) => r.n === 1)).toBe(true);
    expect(await countEffects(db.pool)).toEqual(live);
    expect(await readCheckpoint(db.pool, DEFAULT_CHECKPOINT_NAME)).toBe(head);
  });

  test('given a batch slower than slowBatchMs, it is logged with its size and event types', async () => {
    const log = vi.fn();
    const projector = await start({ batchSize: 10, slowBatchMs: 0, logger: { log, error: () => undefined } });
    await projector.caughtUp(await appendTestEvents(store, 'u1', 3), 10_000);

    expect(log.mock.calls.map(([message]) => String(message)).some((m) => /slow batch of [1-3] events took \d+ ms \(TestHappened×[1-3]\)/.test(m))).toBe(true);
  });

  test('given a stop right after start (the checkpoint still being read), it stops', async () => {
    const projector = await start();
    const waiting = projector.caughtUp(1n);
    await expect(projector.stop()).resolves.toBeUndefined();
    await expect(waiting).rejects.toThrow('The projector stopped');
  }, 5000);
});

describe('projector: a poison event', () => {
  /** Appends `count` events for each user, taking turns, so their events interleave in the log. */
  async function interleave(users: string[], count: number): Promise<bigint> {
    let head = 0n;
    for (let i = 0; i < count; i += 1) for (const user of users) head = await appendTestEvents(store, user, 1);
    return head;
  }
  const positionsOf = async (user: string) => (await store.readAll()).filter((e) => e.metadata.userId === user).map((e) => e.position);

  test('given an event that fails for one user, only that user stops; it is quarantined by name, survives a restart, and resumes to equal a rebuild once fixed', async () => {
    await interleave(['alice', 'bob'], 6);
    const alice = await positionsOf('alice');
    const poison = alice[2]!;
    const fault = { failAt: poison as bigint | null };
    const projections = [effectLogProjection('a', fault)];
    const error = vi.fn();
    const options = { projections, batchSize: 4, quarantineRetryMs: 60_000, quarantinePollMs: 30, logger: { log: () => undefined, error } };
    const first = await start(options);

    // Bob is projected to his last event, now and after; Alice up to the event before the poison.
    const bobHead = await appendTestEvents(store, 'bob', 10);
    await vi.waitFor(async () => expect((await countEffects(db.pool)).filter((r) => r.user_id === 'bob')).toHaveLength(16), { timeout: 10_000 });
    const aliceLater = await appendTestEvents(store, 'alice', 1);
    const bobAfter = await appendTestEvents(store, 'bob', 1);
    await vi.waitFor(async () => expect((await countEffects(db.pool)).filter((r) => r.user_id === 'bob')).toHaveLength(17), { timeout: 10_000 });
    expect((await countEffects(db.pool)).filter((r) => r.user_id === 'alice').map((r) => BigInt(r.position))).toEqual(alice.slice(0, 2));
    expect(bobAfter).toBeGreaterThan(bobHead);

    // The quarantine names the event, in the table (what /health lists) and in the log.
    const [quarantine, ...others] = await readQuarantines(db.pool, DEFAULT_CHECKPOINT_NAME);
    expect(others).toEqual([]);
    expect(quarantine).toMatchObject({ userId: 'alice', position: poison, eventType: 'TestHappened', attempts: 1, error: `a fails at ${poison}` });
    expect(error.mock.calls.map(([message]) => String(message))).toContainEqual(expect.stringContaining(`quarantined user alice's partition at event ${poison} (TestHappened ${quarantine!.eventId})`));
    // The global checkpoint waits just below the poison, so a restart reads Alice's events again.
    expect(await readCheckpoint(db.pool, DEFAULT_CHECKPOINT_NAME)).toBe(poison - 1n);

    // Writes waiting for Alice's partition are told at once; those before the poison are projected.
    const waiter = new PostgresProjectionWaiter({ connectionString: db.url, timeoutMs: 5000 });
    try {
      // Told by the quarantine (its own error), not by the waiter's 5 s timeout running out.
      await expect(waiter.waitFor(aliceLater, undefined, 'alice')).rejects.toBeInstanceOf(ProjectionQuarantinedError);
      await expect(waiter.waitFor(alice[1]!, undefined, 'alice')).resolves.toBeUndefined();
      await expect(waiter.waitFor(bobAfter, undefined, 'bob')).resolves.toBeUndefined();
    } finally {
      await waiter.close();
    }

    // A restart tries the partition once, fails again (one more attempt, the backoff kept), and goes on with Bob.
    await first.stop();
    const second = await start(options);
    await vi.waitFor(async () => expect((await readQuarantines(db.pool, DEFAULT_CHECKPOINT_NAME))[0]?.attempts).toBe(2), { timeout: 10_000 });
    const bobLast = await appendTestEvents(store, 'bob', 1);
    await vi.waitFor(async () => expect((await countEffects(db.pool)).filter((r) => r.user_id === 'bob')).toHaveLength(18), { timeout: 10_000 });
    expect(await readCheckpoint(db.pool, DEFAULT_CHECKPOINT_NAME)).toBe(poison - 1n);

    // Fixed, and resumed by hand: Alice's partition catches up, the quarantine is lifted.
    fault.failAt = null;
    expect(await resumeQuarantined(db.pool, DEFAULT_CHECKPOINT_NAME, 'alice')).toBe(1);
    await second.caughtUp(bobLast > aliceLater ? bobLast : aliceLater, 10_000);
    expect(await readQuarantines(db.pool, DEFAULT_CHECKPOINT_NAME)).toEqual([]);

    await Promise.all(running.splice(0).map((p) => p.stop()));
    const live = await countEffects(db.pool);
    expect(live).toHaveLength((await store.readAll()).length);
    expect(live.every((r) => r.n === 1)).toBe(true);
    await rebuildReadModels({ pool: db.pool, store, projections });
    expect(await countEffects(db.pool)).toEqual(live);
  }, 30_000);

  test('given a quarantined partition whose cause goes away, the backoff retries it by itself', async () => {
    await interleave(['alice', 'bob'], 3);
    const poison = (await positionsOf('alice'))[1]!;
    const fault = { failAt: poison as bigint | null };
    const projector = await start({ projections: [effectLogProjection('a', fault)], quarantineRetryMs: 300, quarantinePollMs: 20 });
    const head = await appendTestEvents(store, 'bob', 1);
    await vi.waitFor(async () => expect(await readQuarantines(db.pool, DEFAULT_CHECKPOINT_NAME)).toHaveLength(1), { timeout: 10_000 });
    await vi.waitFor(async () => expect((await countEffects(db.pool)).filter((r) => r.user_id === 'bob')).toHaveLength(4), { timeout: 10_000 });

    fault.failAt = null;
    await projector.caughtUp(head, 10_000);
    expect(await readQuarantines(db.pool, DEFAULT_CHECKPOINT_NAME)).toEqual([]);
    const rows = await countEffects(db.pool);
    expect(rows).toHaveLength(7);
    expect(rows.every((r) => r.n === 1)).toBe(true);
  }, 20_000);

  /** The store, counting what the projector reads through it: subscriptions, events delivered to them, and per-user reads. */
  function counting(inner: PostgresEventStore) {
    const reads = { subscriptions: 0, delivered: [] as StoredEvent[], byUser: [] as StoredEvent[] };
    const wrapped: EventStore = {
      append: (stream, events, options) => inner.append(stream, events, options),
      appendMany: (appends) => inner.appendMany(appends),
      readStream: (stream) => inner.readStream(stream),
      readAll: (options) => inner.readAll(options),
      subscribeAll: (after, handler) => {
        reads.subscriptions += 1;
        return inner.subscribeAll(after, async (event) => {
          reads.delivered.push(event);
          await handler(event);
        });
      },
      readUser: async (userId, options) => {
        const events = await inner.readUser(userId, options);
        reads.byUser.push(...events);
        return events;
      },
      deleteUserStreams: (userId) => inner.deleteUserStreams(userId),
      headPosition: () => inner.headPosition(),
      close: async () => undefined,
    };
    return { store: wrapped, reads };
  }

  test('given a quarantined partition retried, the retry reads only that user\'s events from its own position, not the log since the poison; it catches up and equals a rebuild', async () => {
    await interleave(['alice', 'bob'], 6);
    const alice = await positionsOf('alice');
    const poison = alice[2]!;
    const fault = { failAt: poison as bigint | null };
    const projections = [effectLogProjection('a', fault)];
    const { store: instrumented, reads } = counting(store);
    const projector = await start({ store: instrumented, projections, batchSize: 4, quarantineRetryMs: 60_000, quarantinePollMs: 20 });

    // Parked at the poison; Bob writes a lot (and Alice a little) meanwhile.
    await vi.waitFor(async () => expect(await readQuarantines(db.pool, DEFAULT_CHECKPOINT_NAME)).toHaveLength(1), { timeout: 10_000 });
    await appendTestEvents(store, 'alice', 2);
    const bobHead = await appendTestEvents(store, 'bob', 40);
    await vi.waitFor(async () => expect((await countEffects(db.pool)).filter((r) => r.user_id === 'bob')).toHaveLength(46), { timeout: 10_000 });
    await projector.caughtUp(poison - 1n, 10_000);
    const aliceUnapplied = (await positionsOf('alice')).filter((p) => p >= poison);
    expect(aliceUnapplied).toHaveLength(6);
    const deliveredBefore = reads.delivered.length;
    expect(reads.subscriptions).toBe(1);

    // A retry while the cause is still there: one more attempt, and only Alice's events were read for it.
    expect(await resumeQuarantined(db.pool, DEFAULT_CHECKPOINT_NAME, 'alice')).toBe(1);
    await vi.waitFor(async () => expect((await readQuarantines(db.pool, DEFAULT_CHECKPOINT_NAME))[0]?.attempts).toBe(2), { timeout: 10_000 });
    expect(reads.byUser.length).toBeGreaterThan(0);
    expect(reads.byUser.every((e) => e.metadata.userId === 'alice' && e.position >= poison)).toBe(true);
    expect(reads.byUser.length).toBeLessThanOrEqual(aliceUnapplied.length);
    const readForFirstRetry = reads.byUser.length;

    // Fixed and retried: Alice catches up from her own position; no new round, nobody's event delivered again.
    fault.failAt = null;
    expect(await resumeQuarantined(db.pool, DEFAULT_CHECKPOINT_NAME, 'alice')).toBe(1);
    await vi.waitFor(async () => expect(await readQuarantines(db.pool, DEFAULT_CHECKPOINT_NAME)).toEqual([]), { timeout: 10_000 });
    await projector.caughtUp(bobHead, 10_000);
    expect(reads.subscriptions).toBe(1);
    expect(reads.delivered.length).toBe(deliveredBefore);
    const secondRetry = reads.byUser.slice(readForFirstRetry);
    expect(secondRetry.map((e) => e.position)).toEqual(aliceUnapplied);

    // Later events of both users go through the queues as before.
    await appendTestEvents(store, 'alice', 3);
    const head = await appendTestEvents(store, 'bob', 3);
    await projector.caughtUp(head, 10_000);
    expect(reads.subscriptions).toBe(1);

    await Promise.all(running.splice(0).map((p) => p.stop()));
    const live = await countEffects(db.pool);
    expect(live).toHaveLength((await store.readAll()).length);
    expect(live.every((r) => r.n === 1)).toBe(true);
    await rebuildReadModels({ pool: db.pool, store, projections });
    expect(await countEffects(db.pool)).toEqual(live);
  }, 30_000);
});
