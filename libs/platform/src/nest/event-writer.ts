import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, ID_GENERATOR, type Clock, type IdGenerator } from '../clock.js';
import { NotFound } from '../http/errors.js';
import { currentRequestId, idCheckpoint, noteAppended, replayCut } from '../http/idempotency/request-ids.js';
import { EVENT_STORE, WrongExpectedRevisionError, type Actor, type EventStore, type ExpectedRevision } from '../event-store/port.js';
import { PROJECTION_WAITER, type ProjectionWaiter } from '../projection/waiter.port.js';
import { InlineProjectionEventStore } from '../projection/inline-projection-store.js';
import type { Pool, Queryable } from '../postgres/pool.js';
import { PG_POOL } from './tokens.js';
import { currentCause } from './action-cause.js';

export interface DomainEvent {
  type: string;
  data: unknown;
}

export interface Loaded<E extends DomainEvent> {
  events: E[];
  revision: ExpectedRevision;
}

/** One stream's part of a write to several streams; `actor` overrides the caller's for its events. */
export interface WriteAppend {
  stream: string;
  events: readonly DomainEvent[];
  expectedRevision: ExpectedRevision;
  actor?: Actor;
}

/**
 * How many times `EventWriter.retrying` runs a command that lost a race on its stream. A command
 * carries no revision of its own, so losing one is no conflict of the caller's: it is decided
 * again on the fresh stream, as Emmett's command handler does. Three writers landing at once need
 * three attempts; five leave room for more.
 */
export const CONFLICT_ATTEMPTS = 5;
/** The longest pause between two attempts (random below it, so racing writers spread out). */
const CONFLICT_BACKOFF_MS = 10;

/**
 * Who is acting, for event metadata. Without ids of its own, a write takes the cause in force
 * (`withCause`: the user action's, or the job's); outside any, each write is its own action.
 */
export interface Caller {
  userId: string;
  actor?: Actor;
  correlationId?: string;
  causationId?: string;
}

/**
 * The write side's one door to the event store for a request: loads a stream that must belong to
 * the caller (another user's stream reads as missing), appends decided events with the metadata
 * docs/architecture.md §3 asks for, and waits for the projector (read-your-writes, docs/architecture.md §4).
 */
@Injectable()
export class EventWriter {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @Inject(PROJECTION_WAITER) private readonly waiter: ProjectionWaiter,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  newId(): string {
    return this.ids.next();
  }

  today(): string {
    return this.clock.now().toISOString().slice(0, 10);
  }

  /**
   * Events of a stream owned by the caller; a missing or foreign stream is `NotFound` when `required`.
   * Inside a keyed request the stream ends before the first event an earlier run of the same
   * request appended (`replayCut`): a retry decides what the first run decided, on what it saw.
   */
  async load<E extends DomainEvent>(stream: string, caller: Caller, what = 'Record', required = true): Promise<Loaded<E>> {
    const all = await this.store.readStream(stream);
    if (all.length > 0 && all[0]!.metadata.userId !== caller.userId) throw new NotFound(`${what} not found`);
    if (all.length === 0 && required) throw new NotFound(`${what} not found`);
    const stored = all.slice(0, replayCut(stream, all));
    const last = stored[stored.length - 1];
    return { events: stored.map((e) => ({ type: e.type, data: e.data }) as E), revision: last ? last.revision : 'no_stream' };
  }

  /**
   * Runs `attempt` (load, decide, append) again while it loses a race on a stream
   * (`WrongExpectedRevisionError`), at most `attempts` times; the derived ids restart with every
   * attempt, so the one that succeeds makes the ids a retry of the request will make. A command
   * that carries the client's version checks it in its decider, so a stale version still fails
   * (409) when it is decided again.
   */
  async retrying<R>(attempt: () => Promise<R>, attempts = CONFLICT_ATTEMPTS): Promise<R> {
    const ids = idCheckpoint();
    for (let n = 1; ; n++) {
      ids.restart();
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || n >= attempts) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * CONFLICT_BACKOFF_MS * n));
      }
    }
  }

  /** Appends and returns the position; nothing is appended for an empty list (returns null). */
  async append(stream: string, events: readonly DomainEvent[], expectedRevision: ExpectedRevision, caller: Caller): Promise<bigint | null> {
    if (events.length === 0) return null;
    const result = await this.store.append(stream, this.stored(events, this.metadata(caller)), { expectedRevision });
    noteAppended([stream]);
    return result.position;
  }

  /** The events as the store takes them: each with its id and the metadata of one write. */
  private stored(events: readonly DomainEvent[], metadata: ReturnType<EventWriter['metadata']>) {
    return events.map((e) => ({ id: this.ids.next(), type: e.type, data: e.data, metadata }));
  }

  /**
   * Appends, waits for the read models as `settle` does, and answers what `read` reads from them.
   * With inline projection the reads go out on the append's own connection right behind its
   * COMMIT (one round trip fewer); otherwise they run on the pool once the caller's partition has
   * projected the append. Nothing to append: just the read.
   */
  appendThenRead<R>(stream: string, events: readonly DomainEvent[], expectedRevision: ExpectedRevision, caller: Caller, read: (db: Queryable) => Promise<R>): Promise<R> {
    return this.appendManyThenRead([{ stream, events, expectedRevision }], caller, read);
  }

  /**
   * `appendThenRead` for a write to several streams, all or nothing (`appendMany`): an institution
   * with its accounts and their starting balances, or a start date with the starting balance it
   * moves.
   */
  async appendManyThenRead<R>(appends: readonly WriteAppend[], caller: Caller, read: (db: Queryable) => Promise<R>): Promise<R> {
    const stored = this.storedAppends(appends, caller);
    if (stored.length === 0) return read(this.pool);
    if (this.store instanceof InlineProjectionEventStore) {
      const { answer } = await this.store.appendManyThenRead(stored, read);
      noteAppended(stored.map((a) => a.stream));
      return answer;
    }
    const results = await this.store.appendMany(stored);
    noteAppended(stored.map((a) => a.stream));
    await this.settle(caller, lastPosition(results));
    return read(this.pool);
  }

  /**
   * Appends to many streams as one write (an import: one stream per row); lists without events are
   * left out. Returns the position of the last event, or null when there was nothing to append.
   */
  async appendMany(appends: readonly WriteAppend[], caller: Caller): Promise<bigint | null> {
    const stored = this.storedAppends(appends, caller);
    if (stored.length === 0) return null;
    const results = await this.store.appendMany(stored);
    noteAppended(stored.map((a) => a.stream));
    return lastPosition(results);
  }

  /** The appends that hold events, as the store takes them: one write's metadata, each append's own actor. */
  private storedAppends(appends: readonly WriteAppend[], caller: Caller) {
    const metadata = this.metadata(caller);
    return appends
      .filter((a) => a.events.length > 0)
      .map(({ stream, events, expectedRevision, actor }) => ({ stream, expectedRevision, events: this.stored(events, actor ? { ...metadata, actor } : metadata) }));
  }

  private metadata(caller: Caller) {
    const requestId = currentRequestId();
    const cause = currentCause();
    // One id is drawn either way, so the derived ids of a keyed request stay where they were.
    const own = caller.correlationId === undefined ? this.ids.next() : undefined;
    const correlationId = caller.correlationId ?? cause?.correlationId ?? own!;
    return {
      userId: caller.userId,
      correlationId,
      // The command that appended it: the action's command, else this write is its own command.
      causationId: caller.causationId ?? cause?.causationId ?? correlationId,
      recordedAt: this.clock.now().toISOString(),
      actor: caller.actor ?? ('user' as const),
      ...(requestId !== undefined && { requestId }),
    };
  }

  /**
   * Waits until the read models include every position given (nulls are ignored), all appended for
   * `caller`: the wait is for that user's partition only (docs/architecture.md §4), so another user's burst
   * does not hold the answer back.
   */
  async settle(caller: Pick<Caller, 'userId'>, ...positions: (bigint | null)[]): Promise<void> {
    const last = positions.reduce<bigint | null>((max, p) => (p !== null && (max === null || p > max) ? p : max), null);
    if (last !== null) await this.waiter.waitFor(last, undefined, caller.userId);
  }
}

function lastPosition(results: readonly { position: bigint }[]): bigint | null {
  return results.reduce<bigint | null>((max, r) => (max === null || r.position > max ? r.position : max), null);
}
