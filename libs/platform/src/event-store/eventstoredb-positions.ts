import type { Position, ReadPosition } from '@eventstore/db-client';
import { START } from '@eventstore/db-client';

/** Order of two `$all` positions: commit position first, then prepare position. */
export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/**
 * Where to start reading `$all` for the port's exclusive `after` (a commit position). A commit
 * position the port handed out is the log position of the first record of its append, so
 * `{ commit, prepare }` both set to it is a valid record boundary. Readers still drop every event
 * whose commit position is not above `after`, so an inclusive start cannot repeat an event.
 */
export function startAfter(after: bigint | null | undefined): ReadPosition {
  return after === null || after === undefined ? START : { commit: after, prepare: after };
}

/** True when the event at `position` lies strictly after the port's exclusive bound. */
export function isAfter(position: Position, after: bigint | null | undefined): boolean {
  return after === null || after === undefined || position.commit > after;
}
