import {
  FORWARDS,
  type AllStreamRecordedEvent,
  type Direction,
  type EventStoreDBClient,
  type Position,
  type ReadPosition,
  type StreamingRead,
} from '@eventstore/db-client';
import { comparePositions } from './eventstoredb-positions.js';
import { withTimeout } from './with-timeout.js';

/** Drains one streaming read under a deadline; the read is cancelled if the deadline passes. */
export async function collectRead<T>(read: StreamingRead<T>, operation: string, timeoutMs: number): Promise<T[]> {
  const items: T[] = [];
  const drain = async () => {
    for await (const item of read) items.push(item);
  };
  await withTimeout(operation, timeoutMs, drain(), () => {
    void read.cancel().catch(() => undefined);
  });
  return items;
}

export interface ScanOptions {
  direction: Direction;
  from: ReadPosition;
  pageSize: number;
  timeoutMs: number;
}

/**
 * Every record of `$all` from `from` in `direction`, page by page, each page read under its own
 * deadline. A page may start with the record the previous one ended on: positions already seen
 * are dropped, so each record is yielded once.
 */
export async function* scanAll(client: EventStoreDBClient, options: ScanOptions): AsyncGenerator<AllStreamRecordedEvent> {
  const forwards = options.direction === FORWARDS;
  let from = options.from;
  let last: Position | undefined;
  for (;;) {
    const read = client.readAll({ fromPosition: from, maxCount: options.pageSize, direction: options.direction, deadline: options.timeoutMs });
    const page = await collectRead(read, 'read $all', options.timeoutMs);
    let advanced = false;
    for (const resolved of page) {
      const recorded = resolved.event;
      if (recorded === undefined) continue;
      if (last !== undefined) {
        const order = comparePositions(recorded.position, last);
        if (forwards ? order <= 0 : order >= 0) continue;
      }
      last = recorded.position;
      advanced = true;
      yield recorded;
    }
    if (page.length < options.pageSize || !advanced || last === undefined) return;
    from = last;
  }
}
