import type { RouteContract } from '@budget/contracts';
import { hasErrorList } from '../forms/form-errors.js';
import type { ApiClient, CallArgs, RouteResult } from './api-client.js';
import { isApiError } from './api-error.js';
import { IDEMPOTENCY_KEY, newIdempotencyKey } from './idempotency.js';

/** What one send of a write came back with: an answer, or what it threw (no answer seen). */
export type Sent = { answer: { ok: boolean; status: number; body: unknown } } | { threw: unknown };

/** The route call a send made, so that it can be sent again with its key (from the save tray). */
export interface SentRoute {
  routeId: string;
  /** The route's summary: what the save was, in words. */
  label: string;
  request: unknown;
  /** Identity's calls carry passwords: they are never kept for a retry. */
  keepable: boolean;
}

/**
 * A send of the action whose outcome the user has not been told (README "One user action, one
 * effect, even across a closed dialog"): its key, the route it called, and whether it is still on
 * its way. A dialog closed now hands it to the save tray, which learns the outcome by the key.
 */
export interface UnconfirmedSend {
  key: string;
  route: SentRoute | null;
  inFlight: boolean;
}

/**
 * Whether a 4xx answer is about the action's key rather than its request: the key is held by an
 * earlier send that is still running (409 `in_progress`), or was used by an earlier send whose
 * request differs and which the server has carried out (422 `reused`). Either way an earlier send
 * of this action reached the server, so the key must stay.
 */
export function isKeyAnswer(status: number, body: unknown): boolean {
  if (status !== 409 && status !== 422) return false;
  return hasErrorList(body) && body.errors.some((entry) => (entry as { field?: unknown }).field === IDEMPOTENCY_KEY);
}

/**
 * Whether a send gave the user action its definitive answer, after which the next press of Save
 * is a new action with a new key:
 * - a success (2xx other than the 202 the client keeps re-sending) — it is done;
 * - a 4xx the user must correct (422 field errors, 409 version conflict, 404…) — the server
 *   carried nothing out and gave the key back, and the corrected request is a new one.
 * Not definitive, so the key stays for the user's own retry: nothing seen (a network error, a
 * timeout, an aborted fetch), a 5xx, a 202 still pending, an answer the client could not read,
 * and a 4xx about the key itself (`isKeyAnswer`).
 */
export function isDefinitive(sent: Sent): boolean {
  if ('threw' in sent) return false;
  const { ok, status, body } = sent.answer;
  if (ok) return status !== 202;
  return status >= 400 && status < 500 && !isKeyAnswer(status, body);
}

/**
 * One user action that writes (a dialog's Save, a Delete button), and the Idempotency-Key that
 * belongs to it. The key is made when the action starts and sent with every send of it, the
 * user's own retries included, until the action has a definitive answer (`isDefinitive`); only
 * then is a new key made for the next action. So a Save pressed again after a lost answer is
 * recognised by the server as the same write, and money is never recorded twice.
 *
 * A request changed after a send without a definitive answer (the user edits the form, then
 * presses Save again) still carries the same key, on purpose: the earlier send may have been
 * stored. If it was not, the key is free and the changed request runs once; if it was, the server
 * refuses the changed request (422 `reused`, see `isKeyAnswer`), the form says the earlier save
 * was recorded, and the key stays, so no later press can record the action a second time.
 */
export class WriteAction {
  private current: string;
  private route: SentRoute | null = null;
  private inFlight = 0;
  /** A send of the current key ended without a definitive answer, and without the server saying it was stored. */
  private unanswered = false;
  /** Told when a send ends (the save tray follows a send its closed dialog left in flight). */
  onSettled: ((key: string, sent: Sent) => void) | null = null;

  constructor(private readonly newKey: () => string = newIdempotencyKey) {
    this.current = newKey();
  }

  /** The key the next send of this action carries. */
  get key(): string {
    return this.current;
  }

  /** Sends with the action's key and makes a new key once the answer is definitive. */
  run<R extends { ok: boolean; status: number; body: unknown }>(send: (idempotencyKey: string) => Promise<R>): Promise<R> {
    return this.runRoute(null, send);
  }

  /** One route call of this action: `api.send(contract, request, {idempotencyKey})`. */
  send<C extends RouteContract>(api: ApiClient, contract: C, ...[request, options]: CallArgs<C>): Promise<RouteResult<C>> {
    const route: SentRoute = { routeId: contract.id, label: contract.summary, request: request ?? {}, keepable: contract.tag !== 'identity' && options?.transport === undefined };
    return this.runRoute(route, (idempotencyKey) => api.send(contract, ...([request, { ...options, idempotencyKey }] as CallArgs<C>)));
  }

  /**
   * The send of this action whose outcome nobody has seen, if any: one still on its way, or one
   * that ended without a definitive answer (a network error, a 5xx). Not a 202 "pending" one: the
   * server said it is stored.
   */
  get unconfirmed(): UnconfirmedSend | null {
    if (this.inFlight === 0 && !this.unanswered) return null;
    return { key: this.current, route: this.route, inFlight: this.inFlight > 0 };
  }

  private async runRoute<R extends { ok: boolean; status: number; body: unknown }>(route: SentRoute | null, send: (idempotencyKey: string) => Promise<R>): Promise<R> {
    const key = this.current;
    this.route = route;
    this.inFlight += 1;
    let answer: R;
    try {
      answer = await send(key);
    } catch (error) {
      this.settle(key, { threw: error });
      throw error;
    }
    this.settle(key, { answer });
    return answer;
  }

  private settle(key: string, sent: Sent): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.onSettled?.(key, sent);
    // A later action may already have taken over the key (an answer arriving after a newer send's).
    if (key !== this.current) return;
    if (isDefinitive(sent)) {
      this.current = this.newKey();
      this.unanswered = false;
      this.route = null;
    } else {
      this.unanswered = !('threw' in sent && isApiError(sent.threw) && sent.threw.kind === 'pending');
    }
  }
}
