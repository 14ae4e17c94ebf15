import type { TransactionChanged, TransactionDeleted, TransactionRecorded, TransactionRestored, Split } from '../../domain/transaction.events.js';

/** A transaction as the payees read model keeps it. */
export interface PayeeTransaction {
  userId: string;
  transactionId: string;
  /** Its name trimmed and lower-cased; null for a blank name. */
  nameKey: string | null;
  /** Its one category by hand or rule, null when none, a special one (Unassigned…) or several. */
  categoryId: string | null;
  live: boolean;
}

/** One payee of one user. */
export interface Payee {
  userId: string;
  nameKey: string;
  name: string;
  /** Live transactions carrying the name. */
  uses: number;
  /** Global position of the last event that used it. */
  lastPosition: bigint;
  lastCategoryId: string | null;
  /** How many times in a row `lastCategoryId` was given to this payee by hand (a rule's does not count). */
  lastCategoryTimes: number;
}

export type PayeeEvent = { userId: string; position: bigint } & (TransactionRecorded | TransactionChanged | TransactionDeleted | TransactionRestored);

export const payeeKey = (name: string | null | undefined): string | null => {
  const key = (name ?? '').trim().toLowerCase();
  return key === '' ? null : key;
};

/**
 * The one category of a transaction's splits: every split of a non-zero amount in the same
 * category, which is not one of `special` (Unassigned, Funding Pool, Account Transfer); else null.
 */
export function soleCategory(splits: readonly Split[], special: ReadonlySet<string>): string | null {
  const ids = new Set(splits.filter((s) => s.amount !== 0).map((s) => s.categoryId));
  if (ids.size !== 1) return null;
  const [only] = ids;
  return only !== undefined && !special.has(only) ? only : null;
}

/** What the fold reads and writes: the rows it loaded, and the ones it touched. */
export interface PayeeState {
  transactions: Map<string, PayeeTransaction>;
  payees: Map<string, Payee>;
  touchedTransactions: Set<string>;
  touchedPayees: Set<string>;
}

export const payeeId = (userId: string, nameKey: string) => `${userId}\u0000${nameKey}`;

/** Whether a recorded transaction takes part in the payees model: typed and bank rows with an account, not funding. */
export const recordedTakesPart = ({ kind, account }: Pick<TransactionRecorded['data'], 'kind' | 'account'>): boolean => Boolean(account) && (kind === 'manual' || kind === 'regular');

/**
 * Applies one ledger event to the payees, in memory (the projection loads the rows it needs, folds
 * a batch's events in log order, then writes the touched rows: event by event and set-based agree).
 * Only transactions with an account and a name take part (typed and bank rows, not funding).
 */
export function foldPayeeEvent(state: PayeeState, event: PayeeEvent, special: ReadonlySet<string>): void {
  const payee = (userId: string, nameKey: string, name: string | null): Payee => {
    const id = payeeId(userId, nameKey);
    let found = state.payees.get(id);
    if (!found) {
      found = { userId, nameKey, name: name ?? nameKey, uses: 0, lastPosition: event.position, lastCategoryId: null, lastCategoryTimes: 0 };
      state.payees.set(id, found);
    }
    if (name !== null) found.name = name;
    state.touchedPayees.add(id);
    return found;
  };
  const given = (target: Payee, categoryId: string, byRule: boolean) => {
    target.lastCategoryTimes = byRule ? 0 : target.lastCategoryId === categoryId ? target.lastCategoryTimes + 1 : 1;
    target.lastCategoryId = categoryId;
    target.lastPosition = event.position;
  };
  const { userId } = event;
  const id = event.data.transactionId;

  if (event.type === 'TransactionRecorded') {
    const { kind, account, splits, autoAssignment } = event.data;
    if (state.transactions.has(id) || !account || !recordedTakesPart({ kind, account })) return;
    const row: PayeeTransaction = { userId, transactionId: id, nameKey: payeeKey(account.name), categoryId: soleCategory(splits, special), live: true };
    state.transactions.set(id, row);
    state.touchedTransactions.add(id);
    if (row.nameKey === null) return;
    const target = payee(userId, row.nameKey, account.name.trim());
    target.uses += 1;
    target.lastPosition = event.position;
    if (row.categoryId !== null) given(target, row.categoryId, autoAssignment !== undefined);
    return;
  }

  const row = state.transactions.get(id);
  if (!row) return;
  state.touchedTransactions.add(id);
  switch (event.type) {
    case 'TransactionChanged': {
      const { changes, autoAssignment, transferPair } = event.data;
      if (changes.name) {
        const nameKey = payeeKey(changes.name.to);
        if (row.live && row.nameKey !== null) payee(userId, row.nameKey, null).uses -= 1;
        row.nameKey = nameKey;
        if (nameKey !== null) {
          const target = payee(userId, nameKey, changes.name.to.trim());
          if (row.live) target.uses += 1;
          target.lastPosition = event.position;
        }
      }
      if (changes.splits) {
        const before = row.categoryId;
        row.categoryId = soleCategory(changes.splits.to, special);
        if (row.categoryId !== null && row.categoryId !== before && row.nameKey !== null) {
          given(payee(userId, row.nameKey, null), row.categoryId, autoAssignment !== undefined || transferPair !== undefined);
        }
      }
      return;
    }
    case 'TransactionDeleted':
      if (!row.live) return;
      row.live = false;
      if (row.nameKey !== null) payee(userId, row.nameKey, null).uses -= 1;
      return;
    case 'TransactionRestored':
      if (row.live) return;
      row.live = true;
      if (row.nameKey !== null) payee(userId, row.nameKey, null).uses += 1;
      return;
    default: {
      const _never: never = event;
      return _never;
    }
  }
}
