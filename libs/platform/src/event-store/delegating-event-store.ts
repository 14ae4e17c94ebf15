import type { AppendResult, EventHandler, EventStore, ExpectedRevision, NewEvent, ReadAllOptions, ReadUserOptions, StoredEvent, StreamAppend, Subscription } from './port.js';
import type { PostgresEventStore } from './postgres-event-store.js';

/**
 * The PostgreSQL store handing every call to `inner`: the base of the wrappers that change only how
 * an append runs (`InlineProjectionEventStore`, `GuardedAppendEventStore`).
 */
export class DelegatingEventStore implements EventStore {
  constructor(protected readonly inner: PostgresEventStore) {}

  append(stream: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    return this.inner.append(stream, events, options);
  }

  appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    return this.inner.appendMany(appends);
  }

  readStream(stream: string): Promise<StoredEvent[]> {
    return this.inner.readStream(stream);
  }

  readAll(options?: ReadAllOptions): Promise<StoredEvent[]> {
    return this.inner.readAll(options);
  }

  readUser(userId: string, options: ReadUserOptions): Promise<StoredEvent[]> {
    return this.inner.readUser(userId, options);
  }

  subscribeAll(after: bigint | null, handler: EventHandler): Subscription {
    return this.inner.subscribeAll(after, handler);
  }

  deleteUserStreams(userId: string): Promise<number> {
    return this.inner.deleteUserStreams(userId);
  }

  headPosition(): Promise<bigint> {
    return this.inner.headPosition();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
