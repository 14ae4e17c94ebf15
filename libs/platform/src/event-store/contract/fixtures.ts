import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type StoredEvent,
  type Subscription,
} from '../port.js';

/** An append that has run inside a transaction still open: others can commit after it, then it does. */
export interface HeldAppend {
  readonly result: AppendResult;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/** Test-only: starts an append and holds its transaction open (adapters with transactions only). */
export type HoldAppend = (stream: string, events: NewEvent[], expectedRevision: ExpectedRevision) => Promise<HeldAppend>;

/** What each contract section needs: the store under test, made once per suite. */
export interface ContractContext {
  store(): EventStore;
  /** False where erased events stay visible to `readAll` until a later physical step. */
  readonly erasureRemovesFromGlobalLog: boolean;
  /** Undefined where an append cannot be held open (its tests are then reported as skipped). */
  holdAppend(): HoldAppend | undefined;
}

/** A stream name no other test (or earlier run against the same server) has used. */
export function uniqueStream(prefix: string): string {
  return `${prefix}-${randomUUID()}`;
}

export function newEvent(userId: string, data: Record<string, unknown> = {}, type = 'ContractEventRecorded'): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      userId,
      correlationId: randomUUID(),
      causationId: null,
      recordedAt: '2025-01-02T03:04:05.000Z',
      actor: 'user',
    },
  };
}

export const ids = (events: readonly { id: string }[]): string[] => events.map((e) => e.id);

/** Every event after `after`, page by page. */
export async function readAllAfter(store: EventStore, after: bigint, pageSize = 500): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  let cursor = after;
  for (;;) {
    const page = await store.readAll({ after: cursor, limit: pageSize });
    events.push(...page);
    const last = page[page.length - 1];
    if (page.length < pageSize || last === undefined) return events;
    cursor = last.position;
  }
}

export function expectStrictlyIncreasing(positions: readonly bigint[]): void {
  const offending = positions.findIndex((p, i) => i > 0 && p <= positions[i - 1]!);
  expect(offending, `position at index ${offending} does not increase`).toBe(-1);
}

export async function expectConflict(
  attempt: Promise<unknown>,
  expected: { stream: string; expected: ExpectedRevision; actual: number | 'no_stream' },
): Promise<void> {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  expect(error).toMatchObject(expected);
}

export interface Collector {
  readonly events: StoredEvent[];
  readonly subscription: Subscription;
  /** Resolves once `count` events arrived; rejects on timeout or if the subscription ends. */
  waitForCount(count: number, timeoutMs?: number): Promise<void>;
  /** Resolves once an event at or past `position` arrived (the subscriber caught up with it). */
  waitForPosition(position: bigint, timeoutMs?: number): Promise<void>;
}

/** A live subscriber that records what it is handed, in order. */
export function collect(store: EventStore, after: bigint | null): Collector {
  const events: StoredEvent[] = [];
  let onEvent = (): void => undefined;
  const subscription = store.subscribeAll(after, async (event) => {
    events.push(event);
    onEvent();
  });

  const waitUntil = (reached: () => boolean, goal: string, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const finish = (error?: unknown) => {
        clearTimeout(timer);
        onEvent = () => undefined;
        if (error === undefined) resolve();
        else reject(error instanceof Error ? error : new Error(String(error)));
      };
      const timer = setTimeout(() => finish(new Error(`subscriber got ${events.length} events, not ${goal}, in ${timeoutMs} ms`)), timeoutMs);
      onEvent = () => {
        if (reached()) finish();
      };
      subscription.done.then(() => finish(new Error('subscription ended early')), finish);
      if (reached()) finish();
    });

  return {
    events,
    subscription,
    waitForCount: (count, timeoutMs = 20_000) => waitUntil(() => events.length >= count, `${count} events`, timeoutMs),
    waitForPosition: (position, timeoutMs = 20_000) =>
      waitUntil(() => (events[events.length - 1]?.position ?? -1n) >= position, `up to position ${position}`, timeoutMs),
  };
}

export interface Poller {
  readonly events: StoredEvent[];
  /** Resolves once `readAll` returned an event at or past `position`; then the polling stops. */
  until(position: bigint, timeoutMs?: number): Promise<void>;
}

/** A reader that pages through `readAll` from `after` as fast as it can, recording what it gets. */
export function pollReadAll(store: EventStore, after: bigint, pageSize = 200): Poller {
  const events: StoredEvent[] = [];
  let goal: bigint | null = null;
  let abandoned = false;
  const reached = () => goal !== null && (events[events.length - 1]?.position ?? -1n) >= goal;
  const running = (async () => {
    let cursor = after;
    while (!reached() && !abandoned) {
      const page = await store.readAll({ after: cursor, limit: pageSize });
      events.push(...page);
      const last = page[page.length - 1];
      if (last) cursor = last.position;
      else await sleep(2);
    }
  })();
  running.catch(() => undefined);
  return {
    events,
    until: async (position, timeoutMs = 20_000) => {
      goal = position;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`readAll poller got ${events.length} events, not up to ${position}, in ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([running, timeout]);
      } finally {
        clearTimeout(timer);
        abandoned = true;
      }
    },
  };
}
