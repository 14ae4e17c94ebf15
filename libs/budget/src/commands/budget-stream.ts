import type { Actor, EventStore, IdGenerator, StoredEvent } from '@budget/platform';
import { budgetStream, foldBudget, isBudgetEvent, type BudgetEvent, type BudgetState } from '../domain/index.js';

export interface LoadedBudget {
  state: BudgetState;
  /** Revision of the stream's last event, or 'no_stream'. */
  revision: number | 'no_stream';
  /** Global position of the stream's last event (0n for no stream). */
  position: bigint;
}

/** Reads a user's budget stream and folds it into the decider's state. */
export async function loadBudget(store: EventStore, userId: string): Promise<LoadedBudget> {
  const stored = await store.readStream(budgetStream(userId));
  const last = stored[stored.length - 1];
  const events = stored.filter(isBudgetEvent).map((e: StoredEvent) => ({ type: e.type, data: e.data }) as BudgetEvent);
  return { state: foldBudget(events), revision: last ? last.revision : 'no_stream', position: last ? last.position : 0n };
}

export interface AppendContext {
  userId: string;
  correlationId: string;
  causationId: string | null;
  actor: Actor;
  recordedAt: Date;
  ids: IdGenerator;
}

/** Appends decided events to the user's budget stream with the common metadata; returns the position. */
export async function appendBudgetEvents(
  store: EventStore,
  events: readonly BudgetEvent[],
  expectedRevision: number | 'no_stream',
  context: AppendContext,
): Promise<bigint> {
  const { userId, correlationId, causationId, actor, recordedAt, ids } = context;
  const metadata = { userId, correlationId, causationId, actor, recordedAt: recordedAt.toISOString() };
  const result = await store.append(
    budgetStream(userId),
    events.map((event) => ({ id: ids.next(), type: event.type, data: event.data, metadata })),
    { expectedRevision },
  );
  return result.position;
}
