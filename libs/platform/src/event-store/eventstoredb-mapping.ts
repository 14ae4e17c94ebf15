import {
  ANY,
  NO_STREAM,
  WrongExpectedVersionError,
  type AppendExpectedRevision,
  type CurrentRevision,
  type JSONEventData,
  type JSONType,
  type Position,
  type RecordedEvent,
} from '@eventstore/db-client';
import {
  WrongExpectedRevisionError,
  type EventMetadata,
  type ExpectedRevision,
  type NewEvent,
  type StoredEvent,
} from './port.js';

/** EventStoreDB reports "no position" as -1, read here as 2^64 - 1; real positions stay below 2^63. */
const NO_POSITION = 2n ** 63n;

export function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  return BigInt(expected);
}

/** The writer's UUID becomes the EventStoreDB event id, so a retried append is idempotent. */
export function toEventData(event: NewEvent): JSONEventData {
  return {
    id: event.id,
    contentType: 'application/json',
    type: event.type,
    data: event.data as JSONType,
    metadata: { ...event.metadata },
  };
}

function fromCurrentRevision(current: CurrentRevision): number | 'no_stream' {
  return current === NO_STREAM ? 'no_stream' : Number(current);
}

/** EventStoreDB's conflict becomes the port's conflict; anything else passes through. */
export function mapAppendError(error: unknown, stream: string, expected: ExpectedRevision): unknown {
  if (error instanceof WrongExpectedVersionError) {
    return new WrongExpectedRevisionError(stream, expected, fromCurrentRevision(error.actualVersion));
  }
  return error;
}

/** System streams and system events (`$…`) never reach the port's readers. */
export function isSystemEvent(recorded: RecordedEvent): boolean {
  return recorded.streamId.startsWith('$') || recorded.type.startsWith('$');
}

/** The commit position the server reported, or undefined when it reported none. */
export function reportedCommit(position: Position | undefined): bigint | undefined {
  return position !== undefined && position.commit < NO_POSITION ? position.commit : undefined;
}

/**
 * The port's global position is EventStoreDB's commit position. `$all` reads always carry it;
 * stream reads carry it from server 22.6 on.
 */
export function commitPositionOf(recorded: RecordedEvent, fallback?: bigint): bigint {
  const commit = reportedCommit(recorded.position) ?? (fallback !== undefined && fallback < NO_POSITION ? fallback : undefined);
  if (commit === undefined) {
    throw new Error(`EventStoreDB did not report a position for event ${recorded.id}: the adapter needs server 22.6 or later`);
  }
  return commit;
}

function isEventMetadata(value: unknown): value is EventMetadata {
  return typeof value === 'object' && value !== null && typeof (value as { userId?: unknown }).userId === 'string';
}

export function toStoredEvent(recorded: RecordedEvent, fallbackPosition?: bigint): StoredEvent {
  if (!isEventMetadata(recorded.metadata)) {
    throw new Error(`EventStoreDB event ${recorded.id} in ${recorded.streamId} has no JSON metadata with a userId`);
  }
  return {
    id: recorded.id,
    type: recorded.type,
    data: recorded.data,
    metadata: recorded.metadata,
    streamId: recorded.streamId,
    revision: Number(recorded.revision),
    position: commitPositionOf(recorded, fallbackPosition),
  };
}

/** The owner named by an event's metadata, or null for events the port did not write. */
export function userIdOf(recorded: RecordedEvent): string | null {
  return isEventMetadata(recorded.metadata) ? recorded.metadata.userId : null;
}
