/**
 * Read-your-writes (docs/architecture.md §4): after appending at `position`, the API waits until the
 * projector's checkpoint has passed it before reading the read models.
 */
export interface ProjectionWaiter {
  /**
   * Resolves when the global checkpoint is at or beyond `position`, or, given the `userId` whose
   * events were appended, when that user's partition is (its read models then hold the append
   * even while another user's burst keeps the global checkpoint behind); rejects after `timeoutMs`.
   */
  waitFor(position: bigint, timeoutMs?: number, userId?: string): Promise<void>;
  close(): Promise<void>;
}
export const PROJECTION_WAITER = Symbol.for('budget.ProjectionWaiter');
