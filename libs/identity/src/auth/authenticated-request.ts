import type { RequestCaller } from '@budget/platform';

/** What the auth guard attaches to a request it let through. */
export type Caller = RequestCaller;

export interface RequestWithCaller {
  caller?: Caller;
}

export { callerOf } from '@budget/platform';
