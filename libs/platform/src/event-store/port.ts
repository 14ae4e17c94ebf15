/**
 * The event-store port (docs/architecture.md §3). Both adapters (PostgreSQL, EventStoreDB) implement it and
 * pass the same contract suite (`event-store.contract.ts`).
 */

/** Who caused an event: a user, a rule, a bank feed, a file import or the system itself. */
export type Actor = 'user' | 'plaid' | 'ofx' | 'csv' | 'system' | `rule:${string}`;

export interface EventMetadata {
  userId: string;
  correlationId: string;
  causationId: string | null;
  /** UTC ISO-8601 moment the event was recorded (from the injected clock). */
  recordedAt: string;
  actor: Actor;
  /**
   * The keyed request (Idempotency-Key) that appended it, as a hash: a retry of that request
   * decides on the stream as it was before these events (`replayCut`, http/idempotency).
   */
  requestId?: string;
}

export interface NewEvent<T extends string = string, D = unknown> {
  /** A UUID chosen by the writer: appending an id that is already stored is a no-op. */
  id: string;
  type: T;
  data: D;
  metadata: EventMetadata;
}

export interface StoredEvent<T extends string = string, D = unknown> extends NewEvent<T, D> {
  streamId: string;
  /** 0-based revision inside the stream. For `transaction-<id>` streams it is the version. */
  revision: number;
  /** Position in the global log: strictly increasing in commit order, never reused. */
  position: bigint;
}

/** `no_stream`: the stream must not exist; a number: the revision of its last event. */
export type ExpectedRevision = number | 'any' | 'no_stream';

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextRevision: number;
  /** Global position of the last event appended (or already stored, for an idempotent retry). */
  position: bigint;
}

/** One stream's part of a write that appends to several streams at once. */
export interface StreamAppend {
  stream: string;
  events: NewEvent[];
  expectedRevision: ExpectedRevision;
}

export interface ReadAllOptions {
  /** Exclusive lower bound; omit to read from the start. */
  after?: bigint;
  limit?: number;
}

/** One user's events in a range of the log already handed out (`EventStore.readUser`). */
export interface ReadUserOptions {
  /** Exclusive lower bound. */
  after: bigint;
  /** Inclusive upper bound: a position a reader of the log already handed out (so nothing below it is still in flight). */
  upTo: bigint;
  limit: number;
}

export type EventHandler = (event: StoredEvent) => Promise<void>;

export interface Subscription {
  /** Resolves once the subscription has stopped and its last handler call has returned. */
  stop(): Promise<void>;
  /** Rejects if the subscription dies (handler threw, connection lost for good). */
  readonly done: Promise<void>;
}

export interface EventStore {
  append(stream: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>;
  /**
   * Appends to several streams, in the order given (an import: one stream per row); one result per
   * append. PostgreSQL: all or nothing, in one transaction. EventStoreDB: one append after the
   * other (each atomic on its own). A retry of the same events answers as the first time.
   */
  appendMany(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  /** Every event of a stream in revision order; an empty list for a missing stream. */
  readStream(stream: string): Promise<StoredEvent[]>;
  /** Events of every stream in global order, never skipping one that a later read could see. */
  readAll(options?: ReadAllOptions): Promise<StoredEvent[]>;
  /**
   * The events whose metadata names `userId`, in global order, in `(after, upTo]`: what the
   * projector reads to retry one quarantined partition without re-reading everyone's log
   * (docs/architecture.md §4). Optional: an adapter without an index by user leaves it out, and the
   * projector then retries by re-reading the log from its checkpoint.
   */
  readUser?(userId: string, options: ReadUserOptions): Promise<StoredEvent[]>;
  /** Live subscription from an exclusive position (null: from the start), in global order. */
  subscribeAll(after: bigint | null, handler: EventHandler): Subscription;
  /** Erase every event whose metadata names this user (account deletion). Returns the count. */
  deleteUserStreams(userId: string): Promise<number>;
  /** The global position of the newest event (0n when empty). */
  headPosition(): Promise<bigint>;
  close(): Promise<void>;
}

/** Raised when `expectedRevision` does not match the stream: becomes 409 INCORRECT_VERSION. */
export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${stream}: expected revision ${String(expected)}, found ${String(actual)}`);
  }
}

export const EVENT_STORE = Symbol.for('budget.EventStore');
