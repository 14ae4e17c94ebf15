import type { PayeeView } from '@budget/contracts';
import type { Id } from '../data/id.js';
import type { SplitEntry } from './transaction-form.js';

/**
 * The payee auto-complete's suggestions (docs/architecture.md §4.4): choosing a payee fills its
 * last category into an uncategorised transaction, and after the second time in a row a payee is
 * given the same category by hand the dialog offers "Make a rule?" — never again for a payee the
 * user declined it for (remembered in this browser).
 */

/** The splits after choosing `payee`: its last category for a single uncategorised row, else as they were. */
export function splitsForPayee(splits: readonly SplitEntry[], payee: Pick<PayeeView, 'lastCategoryId'>): SplitEntry[] | null {
  if (payee.lastCategoryId === null || splits.length !== 1 || splits[0]!.categoryId !== null) return null;
  return [{ ...splits[0]!, categoryId: payee.lastCategoryId }];
}

/** The one category of a saved form (every row in it), or null. */
export function soleCategory(splits: readonly SplitEntry[]): Id | null {
  const ids = new Set(splits.filter((s) => s.amount !== 0 || splits.length === 1).map((s) => s.categoryId));
  const [only] = ids;
  return ids.size === 1 && only != null ? only : null;
}

/** The payee a name is (any case, trimmed), among the answer's. */
export const payeeNamed = (payees: readonly PayeeView[], name: string): PayeeView | null =>
  payees.find((p) => p.name.trim().toLowerCase() === name.trim().toLowerCase()) ?? null;

/** Whether to offer "Make a rule?" after saving `categoryId` for `payee`. */
export function offersRule(payee: PayeeView | null, categoryId: Id | null, declined: ReadonlySet<string>, unassignedId: Id | null): boolean {
  if (!payee || categoryId === null || categoryId === unassignedId) return false;
  return payee.lastCategoryId === categoryId && payee.lastCategoryTimes >= 2 && !declined.has(payee.name.trim().toLowerCase());
}

const DECLINED_KEY = 'budget.makeRuleDeclined';

/** Where the declines are kept: localStorage in the browser, nothing elsewhere. */
export interface DeclineStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const browserStore = (): DeclineStore | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

/** The payees (lower-cased) the user said no to. */
export function declinedPayees(store: DeclineStore | null = browserStore()): Set<string> {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(DECLINED_KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Remembers a "No" for this payee (kept to the newest 500). */
export function declineRuleFor(name: string, store: DeclineStore | null = browserStore()): void {
  if (!store) return;
  const all = [...declinedPayees(store)].filter((n) => n !== name.trim().toLowerCase());
  all.push(name.trim().toLowerCase());
  try {
    store.setItem(DECLINED_KEY, JSON.stringify(all.slice(-500)));
  } catch {
    // A full or blocked storage only means the offer may come again.
  }
}
