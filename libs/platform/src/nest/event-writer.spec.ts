import { describe, expect, test } from 'vitest';
import { FixedClock, uuidGenerator } from '../clock.js';
import type { AppendResult, EventStore, StreamAppend } from '../event-store/port.js';
import type { ProjectionWaiter } from '../projection/waiter.port.js';
import type { Pool } from '../postgres/pool.js';
import { EventWriter } from './event-writer.js';

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
