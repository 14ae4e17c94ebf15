import type { RouteContract } from '@budget/contracts';
import { useMemo, useRef } from 'react';
import { useSession } from '../session/session-context.js';
import type { CallArgs, RouteResult } from './api-client.js';
import { WriteAction } from './write-action.js';

/** A component's write action, bound to the session's API client. */
export interface BoundWriteAction {
  /** `api.send(contract, request)` with the action's Idempotency-Key. */
  send<C extends RouteContract>(contract: C, ...args: CallArgs<C>): Promise<RouteResult<C>>;
  /** Any send with the action's key (for a call that is not one route call). */
  run: WriteAction['run'];
}

/**
 * The write action of a dialog or a button, kept for as long as the component is mounted: every
 * press of its Save (or Delete) sends the same Idempotency-Key until the action has a definitive
 * answer (see `WriteAction`). A component with two actions (save and delete) uses two.
 */
export function useWriteAction(): BoundWriteAction {
  const { api } = useSession();
  const ref = useRef<WriteAction | null>(null);
  ref.current ??= new WriteAction();
  const action = ref.current;
  return useMemo(
    () => ({
      send: <C extends RouteContract>(contract: C, ...args: CallArgs<C>) => action.send(api, contract, ...args),
      run: (send) => action.run(send),
    }),
    [action, api],
  );
}
