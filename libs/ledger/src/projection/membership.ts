import type { Split, TransactionKind } from '../domain/transaction.events.js';

/** What the projection knows of a transaction when placing it in registers. */
export interface TransactionRow {
  id: string;
  kind: TransactionKind;
  date: string;
  deleted: boolean;
  accountId: string | null;
  amount: number | null;
  principle: number | null;
  pending: boolean;
  splits: Split[];
  seq: bigint;
  /** While the row is flagged as a duplicate (`duplicate_of`): its original's seq, which places it beside it. */
  originalSeq: bigint | null;
}

export interface AccountFacts {
  tracking: string;
  startDate: string;
  /** The account type: a `loan` moves by a transaction's principle, every other account by its amount. */
  type: string;
}

/** What a posted row adds to its account's balance: the principle on a loan, the amount elsewhere. */
export function balanceMove(tx: Pick<TransactionRow, 'amount' | 'principle'>, account: Pick<AccountFacts, 'type'>): number {
  return account.type === 'loan' ? (tx.principle ?? tx.amount ?? 0) : (tx.amount ?? 0);
}

export interface Membership {
  register: string;
  sortDate: string;
  kindOrder: number;
  /** The row's order key within its date and kind (`orderKey`), stored as the register row's `seq`. */
  seq: bigint;
  delta: number;
}

/**
 * A register row's order key after its date and kind (ledger-013): twice its transaction's seq, so
 * that every row has an even key and a flagged duplicate can take the odd key right after its
 * original's — within one date the pair sits together, as server-behaviour §4.3 orders registers by
 * `COALESCE(duplicateOf, id)`. Dedup or the original's delete clears the flag and moves it back to
 * its own key. An original has at most one flagged row (the sync claims each original once), so
 * keys stay unique.
 */
export const orderKey = (tx: Pick<TransactionRow, 'seq' | 'originalSeq'>): bigint =>
  tx.originalSeq === null ? 2n * tx.seq : 2n * tx.originalSeq + 1n;

export const accountRegister = (accountId: string) => `a:${accountId}`;
export const pendingAccountRegister = (accountId: string) => `ap:${accountId}`;
export const categoryRegister = (categoryId: string) => `c:${categoryId}`;
export const pendingCategoryRegister = (categoryId: string) => `cp:${categoryId}`;

/** Within one date a category register lists rebalances, bank and manual rows, funding, starting balances. */
const CATEGORY_KIND_ORDER: Record<TransactionKind, number> = {
  'starting-balance': 0,
  funding: 1,
  regular: 2,
  manual: 2,
  transfer: 2,
  rebalance: 3,
};

/**
 * Visible in a category register (server-behaviour §0): live, and either without an account or
 * on an account that tracks Transactions, dated on or after its start date.
 */
export function visibleInCategories(tx: TransactionRow, account: AccountFacts | null): boolean {
  if (tx.deleted) return false;
  if (tx.accountId === null) return true;
  return account !== null && account.tracking === 'Transactions' && tx.date >= account.startDate;
}

/**
 * Registers a transaction belongs to, with what it adds to each register's running sum. An account
 * register row always carries what the transaction moves, also when it is dated before the
 * account's start date: the register counts from its start date when it is read
 * (`accountCountedFrom`), so moving the start date rewrites none of its rows.
 */
export function membershipsOf(tx: TransactionRow, account: AccountFacts | null): Membership[] {
  if (tx.deleted) return [];
  const out: Membership[] = [];
  if (tx.accountId !== null && account !== null && tx.kind !== 'starting-balance') {
    const moves = balanceMove(tx, account);
    out.push(
      tx.pending
        ? { register: pendingAccountRegister(tx.accountId), sortDate: tx.date, kindOrder: 0, seq: orderKey(tx), delta: tx.amount ?? 0 }
        : { register: accountRegister(tx.accountId), sortDate: tx.date, kindOrder: 0, seq: orderKey(tx), delta: moves },
    );
  }
  if (visibleInCategories(tx, account)) {
    const byCategory = new Map<string, number>();
    for (const split of tx.splits) byCategory.set(split.categoryId, (byCategory.get(split.categoryId) ?? 0) + split.amount);
    const kindOrder = CATEGORY_KIND_ORDER[tx.kind];
    for (const [categoryId, sum] of byCategory) {
      if (!tx.splits.some((s) => s.categoryId === categoryId && s.amount !== 0)) continue;
      const register = tx.pending ? pendingCategoryRegister(categoryId) : categoryRegister(categoryId);
      out.push({ register, sortDate: tx.date, kindOrder, seq: orderKey(tx), delta: sum });
    }
  }
  return out;
}
