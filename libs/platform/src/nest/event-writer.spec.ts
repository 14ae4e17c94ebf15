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
  const store = {
    append: async () => next(),
    appendMany: async (appends: readonly StreamAppend[]) => appends.map(() => next()),
  } as unknown as EventStore;
  const waits: { position: bigint; userId: string | undefined }[] = [];
  const waiter: ProjectionWaiter = {
    waitFor: async (position, _timeoutMs, userId) => void waits.push({ position, userId }),
    close: async () => undefined,
  };
  const reads: string[] = [];
  const pool = { query: async () => void reads.push(`read after ${waits.length} waits`) } as unknown as Pool;
  const writer = new EventWriter(store, new FixedClock(new Date('2026-01-01T00:00:00Z')), uuidGenerator, waiter, pool);
  return { writer, waits, reads };
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
