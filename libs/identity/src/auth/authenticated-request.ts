import type { RequestCaller } from '@budget/platform';

/** What the auth guard attaches to a request it let through. */
export type Caller = RequestCaller;

export interface RequestWithCaller {
  caller?: Caller;
  /**
   * The caller's position in the read models' checkpoint, read by the guard in the session
   * check's own statement for a GET when the app asked for it (`READ_POSITION_CHECKPOINT`): the
   * answer cache's key (docs/architecture.md §6.4) without a statement of its own.
   */
  readPosition?: string;
}

/**
 * Provided by an app that keys its read answers by the user's projected position
 * (docs/architecture.md §6.4): the name of the checkpoint whose per-user row the guard reads, in
 * the same statement as the session check, for every signed-in GET.
 */
export const READ_POSITION_CHECKPOINT = Symbol.for('budget.ReadPositionCheckpoint');

export { callerOf } from '@budget/platform';
