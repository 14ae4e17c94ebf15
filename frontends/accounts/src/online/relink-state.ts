import { useSyncExternalStore } from 'react';
import type { SyncAnswer } from './sync-summary.js';

/**
 * Which banks need relinking, as the last sync answered (docs/architecture.md §9 "Phone and touch").
 * The server does not keep this state: it is in the sync outcome only (`needs_relink`), so the
 * client keeps it here, shared by Sync Accounts, an institution's Sync and the institution cards,
 * for the life of the page.
 */
export function nextRelinkSet(current: ReadonlySet<string>, answer: Pick<SyncAnswer, 'institutions'>): ReadonlySet<string> {
  const next = new Set(current);
  for (const institution of answer.institutions) {
    // A bank that synced is linked again; one that failed otherwise or is still running keeps its mark.
    if (institution.status === 'needs_relink') next.add(institution.institutionId);
    else if (institution.status === 'done') next.delete(institution.institutionId);
  }
  return next;
}

let relinkIds: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

/** Records a sync's outcome. */
export function recordSyncOutcome(answer: Pick<SyncAnswer, 'institutions'>): void {
  relinkIds = nextRelinkSet(relinkIds, answer);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the last sync of this institution answered that its bank needs relinking. */
export function useNeedsRelink(institutionId: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => relinkIds.has(institutionId),
    () => false,
  );
}
