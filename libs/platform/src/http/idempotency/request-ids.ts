import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { IdGenerator } from '../../clock.js';

interface IdScope {
  seed: string;
  next: number;
  /** Tags every event the request appends (metadata `requestId`): a hash of the seed, never the key itself. */
  requestId: string;
  /** Streams this run has appended to: their later loads in the same run see those events. */
  appended: Set<string>;
}

const scope = new AsyncLocalStorage<IdScope>();

/** A UUID-shaped id from a hash: the same seed and counter always give the same id. */
export function derivedId(seed: string, n: number): string {
  const hex = createHash('sha256').update(`${seed}\u0000${n}`).digest('hex');
  // Version 8 (custom), RFC 9562 variant: still a UUID to every check and column.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Runs `work` so that every id the request asks for (new rows and event ids) is derived from
 * `seed` (the caller and their Idempotency-Key) in order: a retry of the same request makes the
 * same ids, so its events are the ones already stored and the store ignores them.
 */
export function withDerivedIds<T>(seed: string, work: () => Promise<T>): Promise<T> {
  const requestId = createHash('sha256').update(`request\u0000${seed}`).digest('hex').slice(0, 32);
  return scope.run({ seed, next: 0, requestId, appended: new Set() }, work);
}

/** Wraps an id generator: derived ids inside `withDerivedIds`, the generator's own elsewhere. */
export function requestScopedIds(base: IdGenerator): IdGenerator {
  return {
    next: () => {
      const current = scope.getStore();
      return current ? derivedId(current.seed, current.next++) : base.next();
    },
  };
}

/** The tag of the keyed request running now (undefined outside one). */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}

/**
 * Where the derived ids stand now; `restart` puts the counter back there. A retry loop calls it
 * at the start of every attempt, so attempt 2 makes the ids attempt 1 would have made, and a
 * replay of the request (which runs once) makes the ids of the attempt that succeeded.
 */
export function idCheckpoint(): { restart(): void } {
  const current = scope.getStore();
  const at = current?.next ?? 0;
  return {
    restart: () => {
      if (current) current.next = at;
    },
  };
}

/** Notes that this run appended to `streams` (see `replayCut`). */
export function noteAppended(streams: Iterable<string>): void {
  const current = scope.getStore();
  if (current) for (const stream of streams) current.appended.add(stream);
}

/**
 * How much of a loaded stream the decider of a keyed request may see: everything before the first
 * event an earlier run of the same request appended (its key's earlier run, e.g. one answered 202
 * or cut off by a crash), so that a retry decides on the state the first run saw, decides the same
 * events with the same ids, and its append is a no-op. Events this run appended itself stay in.
 * Returns the number of events to keep.
 */
export function replayCut(stream: string, events: readonly { metadata: { requestId?: string } }[]): number {
  const current = scope.getStore();
  if (!current || current.appended.has(stream)) return events.length;
  const first = events.findIndex((e) => e.metadata.requestId === current.requestId);
  return first < 0 ? events.length : first;
}
