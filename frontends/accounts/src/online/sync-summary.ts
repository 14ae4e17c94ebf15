import type { RouteResponse, syncInstitutions } from '@budget/contracts';

/** What POST /institutions/sync and POST /institution/{id} answer (200 done, or 202 still running). */
export type SyncAnswer = RouteResponse<typeof syncInstitutions>['data'];

export interface SyncSummary {
  /** One line for the user: "12 new transactions", what failed, or that it is still running. */
  message: string;
  /** The institutions whose bank asks the user to sign in again (the relink prompt, one at a time). */
  relink: string[];
  /** The new rows of the institutions that finished (the next step points at those left in Unassigned). */
  added: number;
  /** Of those, the rows no rule claimed (left in Unassigned); undefined when an answer lacks the figure. */
  unassigned: number | undefined;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The result line of a sync: the new, changed and removed rows of every institution that finished,
 * each failure with its bank's name, and a note when some are still running in the background.
 */
export function summariseSync(answer: SyncAnswer, nameOf: (institutionId: string) => string): SyncSummary {
  const done = answer.institutions.filter((i) => i.status === 'done');
  const relink = answer.institutions.filter((i) => i.status === 'needs_relink').map((i) => i.institutionId);
  const parts: string[] = [];
  const added = done.reduce((n, i) => n + i.added, 0);
  const unassigned = done.every((i) => i.unassigned !== undefined) ? done.reduce((n, i) => n + (i.unassigned ?? 0), 0) : undefined;
  if (answer.institutions.length === 0) return { message: 'No linked institutions to sync.', relink, added, unassigned };
  if (done.length > 0) {
    const changed = done.reduce((n, i) => n + i.changed, 0);
    const removed = done.reduce((n, i) => n + i.removed, 0);
    let line = added === 0 ? 'No new transactions' : count(added, 'new transaction', 'new transactions');
    if (changed > 0) line += `, ${changed} changed`;
    if (removed > 0) line += `, ${removed} removed`;
    parts.push(`${line}.`);
  }
  for (const failed of answer.institutions.filter((i) => i.status === 'failed')) {
    parts.push(`${nameOf(failed.institutionId)}: ${failed.message ?? 'the sync failed.'}`);
  }
  for (const id of relink) parts.push(`${nameOf(id)} needs you to sign in again.`);
  if (answer.pending) parts.push('Still syncing in the background: the new transactions appear when it finishes.');
  return { message: parts.join(' '), relink, added, unassigned };
}
