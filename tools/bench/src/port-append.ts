import type { EventStore } from '@budget/platform';
import { benchEvent } from './bench-event.js';
import type { AppendOne } from './run-writers.js';

/** Single-event appends through the port, each writer on its own stream with optimistic checks. */
export function portAppend(store: EventStore, runId: string): AppendOne {
  return async (writer, seq) => {
    await store.append(`bench-${runId}-${writer}`, [benchEvent(writer, seq)], {
      expectedRevision: seq === 0 ? 'no_stream' : seq - 1,
    });
  };
}
