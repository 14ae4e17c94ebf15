import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiRoutes, getIdempotencyKey } from '@budget/contracts';
import type { ApiClient } from '../api/api-client.js';
import { isApiError } from '../api/api-error.js';
import { isKeyAnswer } from '../api/write-action.js';
import { hasErrorList } from '../forms/form-errors.js';
import { useSession } from '../session/session-context.js';
import { Button } from '../ui/Button.js';
import { isFinal, mayRetry, saveTray, statusFrom, statusText, type SaveTrayStore, type TrayEntry } from './save-tray.js';

/** How often the tray asks the server about the saves it does not know the outcome of. */
const ASK_EVERY_MS = 1_500;

const firstMessage = (body: unknown): string | null => {
  if (!hasErrorList(body)) return null;
  const message = body.errors[0]?.message ?? body.errors[0]?.detail;
  return typeof message === 'string' ? message : null;
};

/**
 * Sends a save again from the tray with its own key: the server carries it out at most once, so
 * this is safe whatever became of the earlier sends. A success (or a 202: stored) is saved; a 5xx,
 * no answer or a key still held leaves it to the next question; a refusal says why.
 */
async function sendAgain(api: ApiClient, store: SaveTrayStore, entry: TrayEntry, saved: (key: string) => void): Promise<void> {
  const contract = entry.retry ? apiRoutes.find((route) => route.id === entry.retry!.routeId) : undefined;
  if (!contract || !entry.retry) return;
  store.update(entry.key, { status: 'retrying', message: null });
  try {
    const answer = await api.send(contract, entry.retry.request as never, { idempotencyKey: entry.key });
    if (answer.ok) saved(entry.key);
    else if (answer.status >= 500 || isKeyAnswer(answer.status, answer.body)) store.update(entry.key, { status: 'checking', settledAt: Date.now() });
    else store.update(entry.key, { status: 'refused', message: firstMessage(answer.body) });
  } catch (error) {
    if (isApiError(error) && error.kind === 'pending') saved(entry.key);
    else store.update(entry.key, { status: 'checking', settledAt: Date.now() });
  }
}

/**
 * The tray of unconfirmed saves (`save-tray.ts`), rendered by the shell's frames: one line per save
 * of the signed-in user whose dialog closed before its outcome was known, with what the server
 * says of its key — polled until it is known — in a live region. "Try again" (when nothing was
 * recorded, or the request stopped) sends the same request with the SAME key; "Dismiss" once the
 * outcome is known. A save found saved refreshes the screens' data.
 */
export function SaveTray({ store = saveTray }: { store?: SaveTrayStore }) {
  const { api, user } = useSession();
  const queryClient = useQueryClient();
  const entries = useSyncExternalStore(store.subscribe, store.all);
  const owner = user?.username ?? null;
  const mine = entries.filter((entry) => entry.owner === owner);
  const asking = useRef(new Set<string>());

  const saved = useCallback(
    (key: string) => {
      store.update(key, { status: 'saved', message: null });
      void queryClient.invalidateQueries();
    },
    [queryClient, store],
  );

  const ask = useCallback(
    async (entry: TrayEntry) => {
      if (asking.current.has(entry.key)) return;
      asking.current.add(entry.key);
      try {
        const { data } = await api.call(getIdempotencyKey, { params: { key: entry.key } });
        const status = statusFrom(data, entry, Date.now());
        if (status === 'saved') saved(entry.key);
        else store.update(entry.key, { status });
      } catch {
        // No answer this time: ask again on the next round.
      } finally {
        asking.current.delete(entry.key);
      }
    },
    [api, saved, store],
  );

  const open = mine.filter((entry) => !isFinal(entry.status) && entry.status !== 'retrying');
  const openKeys = open.map((entry) => entry.key).join(' ');
  useEffect(() => {
    if (openKeys === '') return;
    const round = () => {
      for (const entry of store.all()) if (entry.owner === owner && !isFinal(entry.status) && entry.status !== 'retrying') void ask(entry);
    };
    round();
    const timer = setInterval(round, ASK_EVERY_MS);
    return () => clearInterval(timer);
  }, [openKeys, owner, ask, store]);

  if (mine.length === 0) return null;
  return (
    <section className="ui-save-tray" aria-label="Unconfirmed saves" data-testid="save-tray">
      <ul className="ui-save-tray__list">
        {mine.map((entry) => (
          <li key={entry.key} className="ui-save-tray__item" data-testid="save-tray-item" data-status={entry.status}>
            <span className="ui-save-tray__label">{entry.label}</span>
            <span role="status" className="ui-save-tray__status">
              {statusText(entry)}
            </span>
            <span className="ui-save-tray__actions">
              {mayRetry(entry) ? (
                <Button variant="primary" onClick={() => void sendAgain(api, store, entry, saved)}>
                  Try again
                </Button>
              ) : null}
              {isFinal(entry.status) || entry.status === 'stalled' ? (
                <Button variant="text" aria-label={`Dismiss: ${entry.label}`} onClick={() => store.dismiss(entry.key)}>
                  Dismiss
                </Button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
