import type { RouteContract } from '@budget/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { handToTray } from '../save-tray/hand-to-tray.js';
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
 * answer (see `WriteAction`). A component with two actions (save and delete) uses two. When the
 * component goes (its dialog closed) while a send's outcome is unknown — no answer arrived, or it
 * is still on its way — the send moves to the save tray with its key (`handToTray`), which finds
 * out from the server whether it was saved.
 */
export function useWriteAction(): BoundWriteAction {
  const { api, user } = useSession();
  const [action] = useState(() => new WriteAction());
  const owner = useRef<string | null>(null);
  const username = user?.username ?? null;
  useEffect(() => {
    owner.current = username;
  }, [username]);
  useEffect(() => () => handToTray(action, owner.current), [action]);
  return useMemo(
    () => ({
      send: <C extends RouteContract>(contract: C, ...args: CallArgs<C>) => action.send(api, contract, ...args),
      run: (send) => action.run(send),
    }),
    [action, api],
  );
}
