import { ProjectionTimeoutError } from './projection-timeout.error.js';
import type { Quarantine } from './quarantine.js';

/**
 * The read models cannot reach `position` for now: the user's projector partition is quarantined
 * at an earlier event that failed to project (`projector_quarantine`). The write is stored; it is
 * projected once the partition resumes. A `ProjectionTimeoutError`, so that everything that treats
 * a slow projector as "stored, pending" (the 202 answer, the idempotency key given back) does so.
 */
export class ProjectionQuarantinedError extends ProjectionTimeoutError {
  override readonly name = 'ProjectionQuarantinedError';
  constructor(
    position: bigint,
    readonly quarantine: Pick<Quarantine, 'userId' | 'position' | 'eventId' | 'eventType'>,
  ) {
    super(position, null, 0);
    this.message =
      `Read models cannot reach event position ${position}: user ${quarantine.userId}'s projector partition is quarantined ` +
      `at event ${quarantine.position} (${quarantine.eventType} ${quarantine.eventId})`;
  }
}
