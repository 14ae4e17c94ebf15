import { hasErrorList } from '../forms/form-errors.js';
import { isDefinitive, type Sent, type WriteAction } from '../api/write-action.js';
import { keptRequest, saveTray, type SaveTrayStore } from './save-tray.js';

/** A route's summary as the user reads it: without its parenthesised notes. */
export function userLabel(summary: string): string {
  return summary.replace(/\s*\([^)]*\)\s*$/, '').trim() || summary;
}

/** A refusal's first message, for "Not saved — …". */
function refusal(sent: Sent): string | null {
  if (!('answer' in sent) || !hasErrorList(sent.answer.body)) return null;
  const [entry] = sent.answer.body.errors;
  const message = entry?.message ?? entry?.detail;
  return typeof message === 'string' && message !== '' ? message : null;
}

/**
 * Moves a write action's unconfirmed send (`WriteAction.unconfirmed`) into the save tray when its
 * component goes. A send still in flight is followed to its end: a success marks the entry saved,
 * a refusal not saved (with the server's words), no answer leaves it to the tray's questions.
 */
export function handToTray(action: WriteAction, owner: string | null, tray: SaveTrayStore = saveTray, now: () => number = Date.now): void {
  const send = action.unconfirmed;
  if (send === null || owner === null) return;
  const retry = send.route?.keepable ? keptRequest(send.route.request) : null;
  tray.add({
    key: send.key,
    owner,
    label: send.route ? userLabel(send.route.label) : 'A change',
    retry: send.route && retry !== null ? { routeId: send.route.routeId, request: retry } : null,
    settledAt: send.inFlight ? null : now(),
  });
  if (!send.inFlight) return;
  action.onSettled = (key, sent) => {
    if (key !== send.key) return;
    action.onSettled = null;
    if (!isDefinitive(sent)) return tray.update(key, { settledAt: now() });
    const ok = 'answer' in sent && sent.answer.ok;
    tray.update(key, ok ? { status: 'saved', settledAt: now() } : { status: 'refused', message: refusal(sent), settledAt: now() });
  };
}
