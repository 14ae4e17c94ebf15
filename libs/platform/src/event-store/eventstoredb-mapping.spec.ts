import { ANY, NO_STREAM, WrongExpectedVersionError, type RecordedEvent } from '@eventstore/db-client';
import { describe, expect, test } from 'vitest';
import { WrongExpectedRevisionError } from './port.js';
import { isSystemEvent, mapAppendError, toEsdbExpectedRevision, toEventData, toStoredEvent } from './eventstoredb-mapping.js';
import { comparePositions, isAfter, startAfter } from './eventstoredb-positions.js';

const metadata = {
  userId: 'user-1',
  correlationId: 'corr-1',
  causationId: null,
  recordedAt: '2025-01-02T03:04:05.000Z',
  actor: 'user' as const,
};

function recorded(overrides: Partial<RecordedEvent> = {}): RecordedEvent {
  return {
    streamId: 'budget-user-1',
    id: '0b7e6a52-8f0e-4c1e-9d3a-2f6f1c9d1a10',
    isJson: true,
    revision: 4n,
    type: 'CategoryFunded',
    created: new Date(0),
    data: { cents: 500 },
    metadata,
    position: { commit: 1234n, prepare: 1234n },
    ...overrides,
  } as RecordedEvent;
}

describe('EventStoreDB mapping', () => {
  test('expected revisions map to the client constants and bigint revisions', () => {
    expect(toEsdbExpectedRevision('any')).toBe(ANY);
    expect(toEsdbExpectedRevision('no_stream')).toBe(NO_STREAM);
    expect(toEsdbExpectedRevision(7)).toBe(7n);
  });

  test("the client's WrongExpectedVersionError becomes the port's WrongExpectedRevisionError", () => {
    const stale = new WrongExpectedVersionError(undefined, { streamName: 's', expected: 3n, current: 5n });
    const missing = new WrongExpectedVersionError(undefined, { streamName: 's', expected: 0n, current: NO_STREAM });

    expect(mapAppendError(stale, 's', 3)).toEqual(new WrongExpectedRevisionError('s', 3, 5));
    expect(mapAppendError(missing, 's', 0)).toMatchObject({ stream: 's', expected: 0, actual: 'no_stream' });
    const other = new Error('unavailable');
    expect(mapAppendError(other, 's', 0)).toBe(other);
  });

  test('a new event keeps its id, type, data and metadata as JSON', () => {
    const data = toEventData({ id: 'e-1', type: 'T', data: { a: 1 }, metadata });
    expect(data).toEqual({ id: 'e-1', contentType: 'application/json', type: 'T', data: { a: 1 }, metadata });
  });

  test('a recorded event maps to a stored event whose position is the commit position', () => {
    expect(toStoredEvent(recorded())).toEqual({
      id: '0b7e6a52-8f0e-4c1e-9d3a-2f6f1c9d1a10',
      streamId: 'budget-user-1',
      revision: 4,
      position: 1234n,
      type: 'CategoryFunded',
      data: { cents: 500 },
      metadata,
    });
  });

  test('an event without a usable position or without port metadata is refused', () => {
    expect(() => toStoredEvent(recorded({ position: undefined }))).toThrow(/22\.6/);
    expect(() => toStoredEvent(recorded({ position: { commit: 2n ** 64n - 1n, prepare: 0n } }))).toThrow(/22\.6/);
    expect(toStoredEvent(recorded({ position: undefined }), 99n).position).toBe(99n);
    expect(() => toStoredEvent(recorded({ metadata: undefined }))).toThrow(/userId/);
  });

  test('system streams and system event types are recognised', () => {
    expect(isSystemEvent(recorded({ streamId: '$stats-127.0.0.1:2113' }))).toBe(true);
    expect(isSystemEvent(recorded({ type: '$metadata' }))).toBe(true);
    expect(isSystemEvent(recorded())).toBe(false);
  });
});

describe('EventStoreDB positions', () => {
  test('positions order by commit, then prepare', () => {
    expect(comparePositions({ commit: 1n, prepare: 9n }, { commit: 2n, prepare: 0n })).toBe(-1);
    expect(comparePositions({ commit: 2n, prepare: 5n }, { commit: 2n, prepare: 3n })).toBe(1);
    expect(comparePositions({ commit: 2n, prepare: 3n }, { commit: 2n, prepare: 3n })).toBe(0);
  });

  test("the port's exclusive bound: start at the bound, keep only later commit positions", () => {
    expect(startAfter(null)).toBe('start');
    expect(startAfter(40n)).toEqual({ commit: 40n, prepare: 40n });
    expect(isAfter({ commit: 40n, prepare: 40n }, 40n)).toBe(false);
    expect(isAfter({ commit: 41n, prepare: 41n }, 40n)).toBe(true);
    expect(isAfter({ commit: 0n, prepare: 0n }, undefined)).toBe(true);
  });
});
