import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  START,
  StreamDeletedError,
  StreamNotFoundError,
} from '@eventstore/db-client';
import type {
  AppendResult,
  EventHandler,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  StoredEvent,
  StreamAppend,
  Subscription,
} from './port.js';
import { eraseUserStreams } from './eventstoredb-erasure.js';
import {
  isSystemEvent,
  mapAppendError,
  reportedCommit,
  toEsdbExpectedRevision,
  toEventData,
  toStoredEvent,
} from './eventstoredb-mapping.js';
import { isAfter, startAfter } from './eventstoredb-positions.js';
import { collectRead, scanAll } from './eventstoredb-read.js';
import { subscribeToAllEvents } from './eventstoredb-subscription.js';
import { withTimeout } from './with-timeout.js';

export interface EventStoreDbOptions {
  /** Deadline for every call to the server (each page of a read counts as one call). */
  timeoutMs?: number;
  /** Records per `$all` page. */
  pageSize?: number;
}

/**
 * The EventStoreDB adapter (docs/architecture.md §3), chosen by `EVENT_STORE=eventstoredb`.
 *
 * Positions: the port's `position` is EventStoreDB's commit position. Every event of one append
 * is committed as one unit and may share its commit position, so positions strictly increase from
 * append to append; resuming `after` a position resumes after the whole append that holds it.
 * Single-event appends (most commands) give every event its own position.
 *
 * Every call runs under `timeoutMs`: a server that accepts a connection and never answers would
 * otherwise hang its caller forever.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly subscriptions = new Set<Subscription>();
  private readonly timeoutMs: number;
  private readonly pageSize: number;

  constructor(
    private readonly client: EventStoreDBClient,
    options: EventStoreDbOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.pageSize = options.pageSize ?? 500;
  }

  static connect(connectionString: string, options: EventStoreDbOptions = {}): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(connectionString), options);
  }

  async append(stream: string, events: NewEvent[], { expectedRevision }: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const write = this.client.appendToStream(stream, events.map(toEventData), {
      expectedRevision: toEsdbExpectedRevision(expectedRevision),
      deadline: this.timeoutMs,
    });
    const result = await withTimeout(`append to ${stream}`, this.timeoutMs, write).catch((error: unknown) => {
      throw mapAppendError(error, stream, expectedRevision);
    });
    const position = reportedCommit(result.position) ?? (await this.positionOfRevision(stream, result.nextExpectedRevision));
    return { nextRevision: Number(result.nextExpectedRevision), position };
  }

  async appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    const results: AppendResult[] = [];
    for (const { stream, events, expectedRevision } of appends) results.push(await this.append(stream, events, { expectedRevision }));
    return results;
  }

  async readStream(stream: string): Promise<StoredEvent[]> {
    try {
      const read = this.client.readStream(stream, { fromRevision: START, direction: FORWARDS, deadline: this.timeoutMs });
      const resolved = await collectRead(read, `read ${stream}`, this.timeoutMs);
      return resolved.flatMap((r) => (r.event === undefined ? [] : [toStoredEvent(r.event, r.commitPosition)]));
    } catch (error) {
      if (error instanceof StreamNotFoundError || error instanceof StreamDeletedError) return [];
      throw error;
    }
  }

  async readAll({ after, limit = 1000 }: ReadAllOptions = {}): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    if (limit <= 0) return events;
    const scan = scanAll(this.client, { direction: FORWARDS, from: startAfter(after), pageSize: this.pageSize, timeoutMs: this.timeoutMs });
    for await (const recorded of scan) {
      if (isSystemEvent(recorded) || !isAfter(recorded.position, after)) continue;
      events.push(toStoredEvent(recorded));
      if (events.length >= limit) break;
    }
    return events;
  }

  subscribeAll(after: bigint | null, handler: EventHandler): Subscription {
    const inner = subscribeToAllEvents(this.client, after, handler, this.timeoutMs);
    const subscription: Subscription = {
      done: inner.done,
      stop: async () => {
        await inner.stop();
        this.subscriptions.delete(subscription);
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** Tombstones every stream of the user; see `eventstoredb-erasure.ts` for the method and its limits. */
  async deleteUserStreams(userId: string): Promise<number> {
    return eraseUserStreams(this.client, userId, { pageSize: this.pageSize, timeoutMs: this.timeoutMs });
  }

  /** Reads `$all` backwards to the newest event that is not a system event. */
  async headPosition(): Promise<bigint> {
    const scan = scanAll(this.client, { direction: BACKWARDS, from: END, pageSize: 32, timeoutMs: this.timeoutMs });
    for await (const recorded of scan) {
      if (!isSystemEvent(recorded)) return recorded.position.commit;
    }
    return 0n;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await withTimeout('close the EventStoreDB client', this.timeoutMs, this.client.dispose()).catch(() => undefined);
  }

  /** The commit position of one stored event, when the append result did not report it. */
  private async positionOfRevision(stream: string, revision: bigint): Promise<bigint> {
    const read = this.client.readStream(stream, { fromRevision: revision, maxCount: 1, direction: FORWARDS, deadline: this.timeoutMs });
    const [resolved] = await collectRead(read, `read ${stream}@${revision}`, this.timeoutMs);
    if (resolved?.event === undefined) throw new Error(`EventStoreDB: ${stream}@${revision} vanished right after its append`);
    return toStoredEvent(resolved.event, resolved.commitPosition).position;
  }
}
