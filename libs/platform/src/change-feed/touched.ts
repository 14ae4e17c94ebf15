/**
 * What an event touched, read from the log alone (docs/architecture.md §4.1): the change feed tells
 * a client which of its screens to reload, whichever process wrote the event (the api, the worker's
 * bank sync, a rule) and without any writer having to remember to publish.
 *
 * The rules, by stream:
 * - `account-<id>`, `institution-<id>`: that account or institution;
 * - `transaction-<id>`: every account and category any event of the stream up to this one names
 *   (a delete, restore or amount change names only the transaction; its account and categories
 *   are in its earlier events — `history`);
 * - `budget-<user>`: the category tree (`budget`), and the categories it names;
 * - `rules-<user>`: the rules (`rules`); the categories a rule's splits name change no balance;
 * - in every event's data, wherever they are nested: `accountId`, `categoryId` and `institutionId`
 *   keys (a Plaid account's own facts, under `plaid`, are Plaid's ids and left out).
 * Events that move balances of categories they cannot name (a tracking or start-date change, a
 * deleted account, institution, group or category) set `allCategories`.
 */
export interface Touched {
  accounts: Set<string>;
  categories: Set<string>;
  institutions: Set<string>;
  allCategories: boolean;
  budget: boolean;
  rules: boolean;
}

/** The part of a stored event the feed reads. */
export interface LoggedEvent {
  streamId: string;
  type: string;
  data: unknown;
}

/** Events whose effect on category balances reaches rows they do not name. */
export const BROAD_EVENT_TYPES: ReadonlySet<string> = new Set([
  'AccountTrackingChanged',
  'AccountStartDateChanged',
  'AccountDeleted',
  'InstitutionDeleted',
  'GroupDeleted',
  'CategoryDeleted',
]);

export const emptyTouched = (): Touched => ({
  accounts: new Set(),
  categories: new Set(),
  institutions: new Set(),
  allCategories: false,
  budget: false,
  rules: false,
});

const STREAM_KINDS = [
  ['account-', 'account'],
  ['institution-', 'institution'],
  ['transaction-', 'transaction'],
  ['budget-', 'budget'],
  ['rules-', 'rules'],
] as const;

type StreamKind = (typeof STREAM_KINDS)[number][1] | 'other';

export function streamKind(streamId: string): { kind: StreamKind; id: string } {
  for (const [prefix, kind] of STREAM_KINDS) {
    if (streamId.startsWith(prefix)) return { kind, id: streamId.slice(prefix.length) };
  }
  return { kind: 'other', id: streamId };
}

/** Collects `accountId`, `categoryId` and `institutionId` values anywhere in `data` (not under `plaid`). */
export function collectIds(data: unknown, into: Touched, depth = 0): void {
  if (depth > 8 || data === null || typeof data !== 'object') return;
  if (Array.isArray(data)) {
    for (const item of data) collectIds(item, into, depth + 1);
    return;
  }
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (key === 'plaid') continue;
    if (typeof value === 'string') {
      if (key === 'accountId') into.accounts.add(value);
      else if (key === 'categoryId') into.categories.add(value);
      else if (key === 'institutionId') into.institutions.add(value);
    } else {
      collectIds(value, into, depth + 1);
    }
  }
}

/**
 * Adds what `event` touched to `into`. `history`: the earlier events of a transaction stream (only
 * read for transaction streams), so that a change that names only the transaction still names its
 * account and categories.
 */
export function addTouched(into: Touched, event: LoggedEvent, history: readonly LoggedEvent[] = []): void {
  const { kind, id } = streamKind(event.streamId);
  if (BROAD_EVENT_TYPES.has(event.type)) into.allCategories = true;
  switch (kind) {
    case 'rules':
      into.rules = true;
      return;
    case 'account':
      into.accounts.add(id);
      break;
    case 'institution':
      into.institutions.add(id);
      break;
    case 'budget':
      into.budget = true;
      break;
    case 'transaction':
      for (const earlier of history) collectIds(earlier.data, into);
      break;
    case 'other':
      break;
  }
  collectIds(event.data, into);
}

/** Whether a client has anything to reload for it. */
export function touchesAnything(t: Touched): boolean {
  return t.accounts.size > 0 || t.categories.size > 0 || t.institutions.size > 0 || t.allCategories || t.budget || t.rules;
}

/** Transaction streams among these events that need their earlier events (`addTouched`'s history). */
export function streamsNeedingHistory(events: readonly LoggedEvent[]): string[] {
  const streams = new Set<string>();
  for (const e of events) {
    if (streamKind(e.streamId).kind === 'transaction' && e.type !== 'TransactionRecorded') streams.add(e.streamId);
  }
  return [...streams];
}
