import type { IdempotencyKeyState } from '@budget/contracts';

/**
 * The tray of unconfirmed saves (README "One user action, one effect, even across a closed
 * dialog"; docs/architecture.md §6.2). A save whose answer never arrived (a network error, a 5xx, a
 * 202 still pending) keeps its Idempotency-Key while its dialog is open (`WriteAction`); when the
 * dialog closes without a definitive answer, the save moves here, with its key, and stays —
 * persisted in the tab's sessionStorage, across reloads — until the app has learnt its outcome from
 * the server by that key (`GET /idempotency-keys/{key}`): "Saved", or "Not saved — nothing was
 * recorded". A not-saved save can be sent again from the tray with the SAME key, so no order of
 * retries can record it twice.
 */
export type TrayStatus = 'checking' | 'saved' | 'not-saved' | 'stalled' | 'retrying' | 'refused';

export interface TrayEntry {
  /** The save's Idempotency-Key (a UUID the client made). */
  key: string;
  /** Whose save it is (the signed-in username): another user signed in in this tab never sees it. */
  owner: string;
  /** What the save was, in words (its route's summary). */
  label: string;
  /** The route and request to send it again with its key; null when it cannot be sent from here. */
  retry: { routeId: string; request: unknown } | null;
  /** When the client's own send was over (ms since the epoch); null while it is still in flight. */
  settledAt: number | null;
  status: TrayStatus;
  /** The server's words when a retry was refused. */
  message: string | null;
  addedAt: number;
}

/** An unknown key is trusted as "not saved" only once the client's own send has been over this long. */
export const UNKNOWN_GRACE_MS = 3_000;
/** Keys live 24 hours on the server; an older entry can no longer be told. */
export const TRAY_ENTRY_LIFE_MS = 23 * 60 * 60 * 1000;
/** The largest request kept for a retry (an import's file is not kept: that save is only watched). */
export const MAX_KEPT_REQUEST = 100_000;

const STORAGE_KEY = 'budget.save-tray';

/** Where the tray keeps its entries (sessionStorage in the browser, a map in tests). */
export interface TrayStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Whether a status is the end of the story (nothing more to ask the server). */
export const isFinal = (status: TrayStatus): boolean => status === 'saved' || status === 'not-saved' || status === 'refused';

/** Whether the tray may offer to send the save again: the server has nothing of it, or its request stopped. */
export const mayRetry = (entry: TrayEntry): boolean => entry.retry !== null && (entry.status === 'not-saved' || entry.status === 'stalled');

/**
 * What the server's answer about the key means for the entry:
 * - done (a success status) or pending (stored, read models catching up): saved;
 * - running: still being carried out — or, stale, its request stopped (trying again is safe);
 * - unknown: nothing was recorded under the key — trusted only once the client's own send is over
 *   (a request still on its way has not claimed its key yet).
 */
export function statusFrom(state: IdempotencyKeyState, entry: Pick<TrayEntry, 'settledAt'>, now: number): TrayStatus {
  if (state.state === 'pending') return 'saved';
  if (state.state === 'done') return state.status !== null && state.status < 400 ? 'saved' : 'not-saved';
  if (state.state === 'running') return state.stale ? 'stalled' : 'checking';
  if (entry.settledAt === null || now - entry.settledAt < UNKNOWN_GRACE_MS) return 'checking';
  return 'not-saved';
}

/** The words the tray shows for an entry. */
export function statusText(entry: Pick<TrayEntry, 'status' | 'message'>): string {
  switch (entry.status) {
    case 'checking':
      return 'Checking whether it was saved…';
    case 'saved':
      return 'Saved';
    case 'not-saved':
      return 'Not saved — nothing was recorded';
    case 'stalled':
      return 'Not confirmed — the server stopped before answering. Trying again is safe: it will not be saved twice.';
    case 'retrying':
      return 'Sending again…';
    case 'refused':
      return `Not saved — ${entry.message ?? 'the server refused it'}`;
  }
}

/** The request kept for a retry, or null when it is too big to keep in the tab's storage. */
export function keptRequest(request: unknown): unknown {
  try {
    const text = JSON.stringify(request ?? {});
    return text.length <= MAX_KEPT_REQUEST ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

function browserStorage(): TrayStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The entries, persisted on every change; listeners for `useSyncExternalStore`. */
export class SaveTrayStore {
  private entries: readonly TrayEntry[];
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly storage: TrayStorage | null = browserStorage(),
    private readonly now: () => number = Date.now,
  ) {
    this.entries = this.load();
  }

  /** Every entry (all owners); a stable array between changes. */
  all = (): readonly TrayEntry[] => this.entries;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A save whose dialog closed without a definitive answer. A key already in the tray is kept as it is. */
  add(entry: Omit<TrayEntry, 'status' | 'message' | 'addedAt'>): void {
    if (this.entries.some((e) => e.key === entry.key)) return;
    this.write([...this.entries, { ...entry, status: 'checking', message: null, addedAt: this.now() }]);
  }

  /** Changes one entry (by key); nothing if it was dismissed meanwhile. */
  update(key: string, change: Partial<Pick<TrayEntry, 'status' | 'message' | 'settledAt'>>): void {
    if (!this.entries.some((e) => e.key === key)) return;
    this.write(this.entries.map((e) => (e.key === key ? { ...e, ...change } : e)));
  }

  dismiss(key: string): void {
    this.write(this.entries.filter((e) => e.key !== key));
  }

  private write(entries: readonly TrayEntry[]): void {
    this.entries = entries;
    try {
      this.storage?.setItem(STORAGE_KEY, JSON.stringify(entries));
    } catch {
      // A full or blocked storage: the tray still works for this page.
    }
    for (const listener of this.listeners) listener();
  }

  /** The kept entries: a send that was in flight when the page went away is over now; expired ones go. */
  private load(): readonly TrayEntry[] {
    try {
      const raw = this.storage?.getItem(STORAGE_KEY);
      if (!raw) return [];
      const parsed = JSON.parse(raw) as unknown;
      if (!Array.isArray(parsed)) return [];
      const now = this.now();
      return (parsed as TrayEntry[])
        .filter((e) => typeof e?.key === 'string' && typeof e.owner === 'string' && now - e.addedAt < TRAY_ENTRY_LIFE_MS)
        .map((e) => ({ ...e, settledAt: e.settledAt ?? now, status: e.status === 'retrying' ? 'checking' : e.status }));
    } catch {
      return [];
    }
  }
}

/** The tab's one tray (libs/web is a shared singleton across the shell and the remotes). */
export const saveTray = new SaveTrayStore();
