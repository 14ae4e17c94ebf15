/** The read models did not reach a position in time (projector down, stuck or far behind). */
export class ProjectionTimeoutError extends Error {
  override readonly name: string = 'ProjectionTimeoutError';
  constructor(
    readonly position: bigint,
    readonly reached: bigint | null,
    readonly timeoutMs: number,
  ) {
    super(
      `Read models did not reach event position ${position} within ${timeoutMs} ms ` +
        `(checkpoint at ${reached === null ? 'unknown' : reached}); is the projector running?`,
    );
  }
}
