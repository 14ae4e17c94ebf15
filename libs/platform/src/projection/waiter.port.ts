/**
 * Read-your-writes (DESIGN.md §4): after appending at `position`, the API waits until the
 * projector's checkpoint has passed it before reading the read models.
 */
export interface ProjectionWaiter {
  /** Resolves when the checkpoint is at or beyond `position`; rejects after `timeoutMs`. */
  waitFor(position: bigint, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}
export const PROJECTION_WAITER = Symbol.for('budget.ProjectionWaiter');
