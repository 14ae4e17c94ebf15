import type { StoredEvent } from '../event-store/port.js';

/**
 * A projection threw while applying a write's events inline (`InlineProjectionEventStore`): the
 * append was rolled back, nothing is stored. Names the events' types for the log; the HTTP answer
 * (`errorResponse`) says only that the change was not saved.
 */
export class ProjectionFailedError extends Error {
  override readonly name = 'ProjectionFailedError';
  constructor(
    readonly eventTypes: readonly string[],
    override readonly cause: unknown,
  ) {
    super(`A projection failed on ${eventTypes.join(', ')}; the write was rolled back: ${cause instanceof Error ? cause.message : String(cause)}`);
  }

  static of(events: readonly StoredEvent[], cause: unknown): ProjectionFailedError {
    return new ProjectionFailedError([...new Set(events.map((e) => e.type))], cause);
  }
}
