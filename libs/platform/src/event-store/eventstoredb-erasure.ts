import { FORWARDS, START, StreamDeletedError, type EventStoreDBClient } from '@eventstore/db-client';
import { isSystemEvent, userIdOf } from './eventstoredb-mapping.js';
import { scanAll } from './eventstoredb-read.js';
import { withTimeout } from './with-timeout.js';

/**
 * Account erasure on EventStoreDB.
 *
 * Finding the streams: the adapter scans `$all` and keeps every stream holding an event whose JSON
 * metadata names the user. The alternative, an index stream per user written beside every append,
 * would be a second write that EventStoreDB cannot make atomic with the first, and it doubles the
 * cost of every append for an operation that runs once per account. The scan costs one pass over
 * the log per erasure instead. Streams are per aggregate and carry one owner (docs/architecture.md §3), so
 * the whole stream goes.
 *
 * Erasing: each stream is tombstoned (hard delete), so it can never be written or read again and
 * its name is never reused. A tombstone hides the events from stream reads at once; the records
 * stay in the transaction log, and so in `$all` reads, until the next scavenge, which completes
 * physical erasure. Operators must schedule scavenges for erasure to be complete.
 *
 * Returns the number of events erased by this call; streams already tombstoned count zero.
 */
export async function eraseUserStreams(
  client: EventStoreDBClient,
  userId: string,
  options: { pageSize: number; timeoutMs: number },
): Promise<number> {
  const streams = new Map<string, number>();
  for await (const recorded of scanAll(client, { direction: FORWARDS, from: START, ...options })) {
    if (isSystemEvent(recorded) || userIdOf(recorded) !== userId) continue;
    streams.set(recorded.streamId, (streams.get(recorded.streamId) ?? 0) + 1);
  }

  let erased = 0;
  for (const [stream, count] of streams) {
    try {
      await withTimeout(`tombstone ${stream}`, options.timeoutMs, client.tombstoneStream(stream, { deadline: options.timeoutMs }));
      erased += count;
    } catch (error) {
      if (!(error instanceof StreamDeletedError)) throw error;
    }
  }
  return erased;
}
