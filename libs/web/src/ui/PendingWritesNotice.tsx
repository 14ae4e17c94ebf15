import { useContext, useSyncExternalStore } from 'react';
import type { PendingWrites } from '../api/pending-writes.js';
import { SessionContext } from '../session/session-context.js';

const NONE = { subscribe: () => () => undefined, get: () => 0, text: () => '' } satisfies Pick<PendingWrites, 'subscribe' | 'get' | 'text'>;

/**
 * "Saved — updating balances…" while a write the server stored is waiting for its full answer
 * (a 202 while the read models catch up). Shown in every open dialog (a modal makes the rest of
 * the page inert) and in the shell's frame; nothing outside a session.
 */
export function PendingWritesNotice() {
  const store = useContext(SessionContext)?.pendingWrites ?? NONE;
  const count = useSyncExternalStore(store.subscribe, store.get);
  if (count === 0) return null;
  return (
    <p role="status" className="ui-pending-notice" data-testid="pending-writes">
      {store.text()}
    </p>
  );
}
