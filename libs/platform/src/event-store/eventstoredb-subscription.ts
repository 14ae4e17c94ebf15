import { once } from 'node:events';
import {
  excludeSystemEvents,
  type AllStreamResolvedEvent,
  type EventStoreDBClient,
  type Position,
} from '@eventstore/db-client';
import type { EventHandler, Subscription } from './port.js';
import { isSystemEvent, toStoredEvent } from './eventstoredb-mapping.js';
import { comparePositions, isAfter, startAfter } from './eventstoredb-positions.js';
import { withTimeout } from './with-timeout.js';

/**
 * A catch-up subscription to `$all` (system events excluded on the server and again here) that
 * calls `handler` once per event, one call at a time, in `$all` order. Events at or before `after`
 * and any position already delivered are dropped, so a resent record is never handed on twice.
 * The server must confirm the subscription within `timeoutMs`, or `done` rejects.
 */
export function subscribeToAllEvents(
  client: EventStoreDBClient,
  after: bigint | null,
  handler: EventHandler,
  timeoutMs: number,
): Subscription {
  const stream = client.subscribeToAll({ fromPosition: startAfter(after), filter: excludeSystemEvents() });
  let stopped = false;
  const unsubscribe = () => withTimeout('unsubscribe from $all', timeoutMs, stream.unsubscribe()).catch(() => undefined);

  const run = async () => {
    let last: Position | undefined;
    try {
      await withTimeout('subscribe to $all', timeoutMs, once(stream, 'confirmation'), () => void unsubscribe());
      for await (const resolved of stream as AsyncIterable<AllStreamResolvedEvent>) {
        if (stopped) break;
        const recorded = resolved.event;
        if (recorded === undefined || isSystemEvent(recorded) || !isAfter(recorded.position, after)) continue;
        if (last !== undefined && comparePositions(recorded.position, last) <= 0) continue;
        last = recorded.position;
        await handler(toStoredEvent(recorded));
      }
      if (!stopped) throw new Error('EventStoreDB ended the subscription to $all');
    } catch (error) {
      if (!stopped) throw error;
    } finally {
      stream.destroy();
    }
  };

  const done = run();
  done.catch(() => undefined);
  return {
    done,
    stop: async () => {
      stopped = true;
      await unsubscribe();
      stream.destroy();
      await done.catch(() => undefined);
    },
  };
}
