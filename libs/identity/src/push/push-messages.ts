/**
 * What the worker pushes (server-behaviour §5.3): pure builders of the JSON a service
 * worker shows. `tag` lets a newer notification replace an older one of the same kind.
 */
export interface PushMessage {
  title: string;
  body: string;
  tag: string;
  /** The page a click opens. */
  url: string;
  /** Rows waiting in Unassigned, for the app badge (spec §5.3 `unassignedCount`). */
  unassignedCount?: number;
}

/** A push job's payload (queue `push`): whom to notify about what. */
export type PushJobData =
  | { userId: string; kind: 'unassigned'; count: number }
  | { userId: string; kind: 'relink'; institutionName: string | null };

export const PUSH_QUEUE = 'push';
export const PUSH_JOB_NAME = 'notify';

/** New bank rows left in Unassigned after a sync (spec §5.3: "New Transactions"). */
export function unassignedMessage(count: number): PushMessage {
  const rows = count === 1 ? '1 new transaction waits' : `${count} new transactions wait`;
  return { title: 'New Transactions', body: `${rows} in Unassigned.`, tag: 'new-transactions', url: '/home', unassignedCount: count };
}

/** A linked bank asks the user to sign in again (ITEM_LOGIN_REQUIRED and the other relink codes). */
export function relinkMessage(institutionName: string | null): PushMessage {
  const bank = institutionName ?? 'A linked bank';
  return { title: 'Action Required', body: `${bank} needs you to sign in again to keep syncing.`, tag: 'relink', url: '/accounts' };
}

export function pushMessageFor(job: PushJobData): PushMessage {
  switch (job.kind) {
    case 'unassigned':
      return unassignedMessage(job.count);
    case 'relink':
      return relinkMessage(job.institutionName);
  }
}
