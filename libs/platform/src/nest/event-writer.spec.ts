import { describe, expect, test } from 'vitest';
import { FixedClock, uuidGenerator } from '../clock.js';
import { WrongExpectedRevisionError, type AppendResult, type EventStore, type ExpectedRevision, type NewEvent, type StoredEvent, type StreamAppend } from '../event-store/port.js';
import { requestScopedIds, withDerivedIds } from '../http/idempotency/request-ids.js';
import type { ProjectionWaiter } from '../projection/waiter.port.js';
import type { Pool } from '../postgres/pool.js';
import { CONFLICT_ATTEMPTS, EventWriter } from './event-writer.js';
import { jobCause, withCause } from './action-cause.js';

/** A store that hands out the next positions, and a waiter that records what it was asked to wait for. */
function writerWithFakes() {
  let position = 0n;
  const next = (): AppendResult => ({ nextRevision: 0, position: (position += 1n) });
  const sent: StreamAppend[][] = [];
  const store = {
    append: async () => next(),
    appendMany: async (appends: readonly StreamAppend[]) => (sent.push([...appends]), appends.map(() => next())),
  } as unknown as EventStore;
  const waits: { position: bigint; userId: string | undefined }[] = [];
  const waiter: ProjectionWaiter = {
    waitFor: async (position, _timeoutMs, userId) => void waits.push({ position, userId }),
    close: async () => undefined,
  };
  const reads: string[] = [];
  const pool = { query: async () => void reads.push(`read after ${waits.length} waits`) } as unknown as Pool;
  const writer = new EventWriter(store, new FixedClock(new Date('2026-01-01T00:00:00Z')), uuidGenerator, waiter, pool);
  return { writer, waits, reads, sent };
}

const event = { type: 'TestHappened', data: {} };

describe('EventWriter.settle', () => {
  test("given positions appended for a user, it waits for the last of them on that user's partition", async () => {
    const { writer, waits } = writerWithFakes();
    const first = await writer.append('s-1', [event], 'any', { userId: 'alice' });
    const many = await writer.appendMany([{ stream: 's-2', events: [event], expectedRevision: 'any' }, { stream: 's-3', events: [event], expectedRevision: 'any' }], { userId: 'alice' });

    await writer.settle({ userId: 'alice' }, first, null, many);

    expect(waits).toEqual([{ position: 3n, userId: 'alice' }]);
  });

  test('given nothing appended, it does not wait', async () => {
    const { writer, waits } = writerWithFakes();
    await writer.settle({ userId: 'alice' }, null, await writer.append('s-1', [], 'any', { userId: 'alice' }));
    expect(waits).toEqual([]);
  });
});

describe('EventWriter.appendThenRead (a store without inline projection)', () => {
  test("it reads from the pool once the caller's partition holds the append", async () => {
    const { writer, waits, reads } = writerWithFakes();
    await writer.appendThenRead('s-1', [event], 'any', { userId: 'alice' }, (db) => db.query('SELECT 1'));
    expect(waits).toEqual([{ position: 1n, userId: 'alice' }]);
    expect(reads).toEqual(['read after 1 waits']);
  });

  test('given nothing to append, it only reads', async () => {
    const { writer, waits, reads } = writerWithFakes();
    await writer.appendThenRead('s-1', [], 'any', { userId: 'alice' }, (db) => db.query('SELECT 1'));
    expect(waits).toEqual([]);
    expect(reads).toEqual(['read after 0 waits']);
  });
});

describe('EventWriter.appendManyThenRead (a store without inline projection)', () => {
  test('it appends every stream as one write, each append with its own actor, waits for the last position, then reads', async () => {
    const { writer, waits, reads, sent } = writerWithFakes();
    await writer.appendManyThenRead(
      [
        { stream: 'account-1', events: [event], expectedRevision: 'no_stream' },
        { stream: 'transaction-1', events: [event], expectedRevision: 'no_stream', actor: 'system' },
        { stream: 'empty', events: [], expectedRevision: 'any' },
      ],
      { userId: 'alice' },
      (db) => db.query('SELECT 1'),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.map((a) => [a.stream, a.events[0]!.metadata.actor, a.events[0]!.metadata.userId])).toEqual([
      ['account-1', 'user', 'alice'],
      ['transaction-1', 'system', 'alice'],
    ]);
    expect(sent[0]![0]!.events[0]!.metadata.correlationId).toBe(sent[0]![1]!.events[0]!.metadata.correlationId);
    expect(waits).toEqual([{ position: 2n, userId: 'alice' }]);
    expect(reads).toEqual(['read after 1 waits']);
  });
});

describe('EventWriter metadata: the cause of every event (README "Every cent explained")', () => {
  test('inside withCause, every write of the action carries its correlation id and its command id', async () => {
    const { writer, sent } = writerWithFakes();
    const cause = jobCause('bank-sync', 'item-1');
    await withCause(cause, async () => {
      await writer.appendMany([{ stream: 's-1', events: [event], expectedRevision: 'any' }], { userId: 'alice' });
      await writer.appendMany([{ stream: 's-2', events: [event, event], expectedRevision: 'any' }], { userId: 'alice' });
    });
    const metadata = sent.flatMap((appends) => appends.flatMap((a) => a.events.map((e) => e.metadata)));
    expect(metadata).toHaveLength(3);
    for (const m of metadata) expect([m.correlationId, m.causationId]).toEqual([cause.correlationId, cause.causationId]);
  });

  test('outside any, each write is its own action and names itself as its command; a caller may name its own ids', async () => {
    const { writer, sent } = writerWithFakes();
    await writer.appendMany([{ stream: 's-1', events: [event], expectedRevision: 'any' }], { userId: 'alice' });
    await writer.appendMany([{ stream: 's-2', events: [event], expectedRevision: 'any' }], { userId: 'alice' });
    await writer.appendMany([{ stream: 's-3', events: [event], expectedRevision: 'any' }], { userId: 'alice', correlationId: 'c-1', causationId: 'k-1' });
    const [a, b, c] = sent.map((appends) => appends[0]!.events[0]!.metadata);
    expect(a!.causationId).toBe(a!.correlationId);
    expect(b!.correlationId).not.toBe(a!.correlationId);
    expect([c!.correlationId, c!.causationId]).toEqual(['c-1', 'k-1']);
  });

  test('a job cause depends on its input only', () => {
    expect(jobCause('bank-sync', 'item-1')).toEqual(jobCause('bank-sync', 'item-1'));
    expect(jobCause('bank-sync', 'item-2').correlationId).not.toBe(jobCause('bank-sync', 'item-1').correlationId);
    expect(jobCause('mail', 'item-1').correlationId).not.toBe(jobCause('bank-sync', 'item-1').correlationId);
  });
});

/** A writer over an in-memory stream that refuses appends at a stale revision, with the request-scoped ids the API uses. */
function writerOverOneStream() {
  const stored: StoredEvent[] = [];
  const store = {
    readStream: async () => [...stored],
    append: async (stream: string, events: NewEvent[], { expectedRevision }: { expectedRevision: ExpectedRevision }) => {
      const actual = stored.length === 0 ? 'no_stream' : stored.length - 1;
      if (events.every((e) => stored.some((s) => s.id === e.id))) return { nextRevision: stored.length - 1, position: BigInt(stored.length) };
      if (expectedRevision !== 'any' && expectedRevision !== actual) throw new WrongExpectedRevisionError(stream, expectedRevision, actual);
      for (const e of events) stored.push({ ...e, streamId: stream, revision: stored.length, position: BigInt(stored.length + 1) });
      return { nextRevision: stored.length - 1, position: BigInt(stored.length) };
    },
  } as unknown as EventStore;
  const waiter: ProjectionWaiter = { waitFor: async () => undefined, close: async () => undefined };
  const writer = new EventWriter(store, new FixedClock(new Date('2026-01-01T00:00:00Z')), requestScopedIds(uuidGenerator), waiter, {} as Pool);
  /** Something else writes to the stream (another request, unkeyed). */
  const intrude = () => stored.push({ id: `other-${stored.length}`, type: 'Other', data: {}, streamId: 's', revision: stored.length, position: BigInt(stored.length + 1), metadata: { userId: 'alice', correlationId: 'c', causationId: null, recordedAt: '', actor: 'user' } });
  return { writer, stored, intrude };
}

describe('EventWriter.retrying', () => {
  test('a command that loses the race on its stream is decided again on the fresh stream, with the ids of a first attempt', async () => {
    const { writer, stored, intrude } = writerOverOneStream();
    const caller = { userId: 'alice' };
    let attempts = 0;
    const ids = await withDerivedIds('alice\u0000key', () =>
      writer.retrying(async () => {
        const loaded = await writer.load('s', caller, 'Record', false);
        if (++attempts === 1) intrude(); // lands between this attempt's load and its append
        const id = writer.newId();
        await writer.append('s', [{ type: 'Renamed', data: { id } }], loaded.revision, caller);
        return id;
      }),
    );
    expect(attempts).toBe(2);
    expect(stored.map((e) => e.type)).toEqual(['Other', 'Renamed']);
    // The same ids a run that succeeded at once makes: the counter restarted with the attempt.
    const once = await withDerivedIds('alice\u0000key', async () => [writer.newId(), writer.newId(), writer.newId()]);
    expect(ids).toBe(once[0]);
    expect(stored[1]!.id).toBe(once[2]);
  });

  test('it gives up after CONFLICT_ATTEMPTS, answering the conflict', async () => {
    const { writer, intrude } = writerOverOneStream();
    let attempts = 0;
    const losing = writer.retrying(async () => {
      const loaded = await writer.load('s', { userId: 'alice' }, 'Record', false);
      attempts++;
      intrude();
      await writer.append('s', [event], loaded.revision, { userId: 'alice' });
    });
    await expect(losing).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(attempts).toBe(CONFLICT_ATTEMPTS);
  });
});

describe('EventWriter.load inside a keyed request (a retry replays its first run)', () => {
  test("a retry's load ends before the events an earlier run of the same request appended, so it decides the same events and appends nothing", async () => {
    const { writer, stored, intrude } = writerOverOneStream();
    const caller = { userId: 'alice' };
    intrude();
    const run = () =>
      withDerivedIds('alice\u0000key', async () => {
        const loaded = await writer.load('s', caller);
        if (loaded.events.some((e) => e.type === 'Added')) throw new Error('already added'); // a decider refusing a duplicate
        await writer.append('s', [{ type: 'Added', data: {} }], loaded.revision, caller);
        return (await writer.load('s', caller)).events.map((e) => e.type);
      });
    expect(await run()).toEqual(['Other', 'Added']);
    intrude(); // another request writes after the first run
    expect(await run()).toEqual(['Other', 'Added', 'Other']);
    expect(stored.map((e) => e.type)).toEqual(['Other', 'Added', 'Other']);
    expect(stored[1]!.metadata.requestId).toMatch(/^[0-9a-f]{32}$/);
    // Outside the request, and for another key, the stream is whole.
    expect((await writer.load('s', caller)).events).toHaveLength(3);
    expect((await withDerivedIds('alice\u0000other', () => writer.load('s', caller))).events).toHaveLength(3);
  });
});
