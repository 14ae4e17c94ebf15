/**
 * What a transaction contributes to the reports, and how each of the ledger's transaction events
 * changes it (docs/architecture.md §4 "Reports"). Pure: the projection loads the facts, folds the
 * events over them here, and writes the difference of the contributions before and after.
 *
 * The event shapes are the ledger's (its TransactionRecorded/Changed/Deleted/Restored), named here
 * by the fields this context reads: a context does not import another (docs/architecture.md §11.9).
 */

/** The numeric type of each transaction kind (product-spec §3). */
export const TYPE_OF_KIND: Record<string, number> = { regular: 0, transfer: 1, funding: 2, rebalance: 3, 'starting-balance': 4, manual: 5 };
export const STARTING_BALANCE_TYPE = 4;

export interface SplitLine {
  categoryId: string;
  amount: number;
}
export interface AccountPartData {
  accountId: string;
  name: string;
  amount: number;
  principle: number | null;
  pending: boolean;
  /** Plaid's payment channel of a bank row ('in store', 'online', 'other'), when the ledger carries it. */
  paymentChannel?: string | null;
}
export interface RecordedData {
  transactionId: string;
  kind: string;
  date: string;
  splits: SplitLine[];
  account: AccountPartData | null;
}
export interface ChangesData {
  date?: { to: string };
  splits?: { to: SplitLine[] };
  name?: { to: string };
  amount?: { to: number };
  principle?: { to: number | null };
  pending?: { to: boolean };
}

export type TransactionFactEvent =
  | { type: 'TransactionRecorded'; data: RecordedData }
  | { type: 'TransactionChanged'; data: { transactionId: string; changes: ChangesData } }
  | { type: 'TransactionDeleted'; data: { transactionId: string } }
  | { type: 'TransactionRestored'; data: { transactionId: string } };

export const FACT_EVENTS = new Set(['TransactionRecorded', 'TransactionChanged', 'TransactionDeleted', 'TransactionRestored']);

/** One transaction as the reports see it. `splits`: the sum per category, in first-seen order. */
export interface Fact {
  userId: string;
  transactionId: string;
  seq: bigint;
  accountId: string | null;
  date: string;
  type: number;
  amount: number;
  principle: number | null;
  pending: boolean;
  deleted: boolean;
  payee: string;
  channel: string;
  splits: SplitLine[];
  /** The part of the row assigned to Account Transfer (set by the projection from the user's category). */
  transferCents: number;
}

/** Plaid's channel as the payee report names it (server-behaviour §4.6 payee): anything else is `unknown`. */
export function channelOf(value: string | null | undefined): string {
  if (value === 'in store' || value === 'instore') return 'instore';
  if (value === 'online' || value === 'other') return value;
  return 'unknown';
}

/** The sums per category of a row's lines, leaving out a category whose lines are all zero (its register does). */
export function splitSums(splits: readonly SplitLine[]): SplitLine[] {
  const sums = new Map<string, number>();
  const nonZero = new Set<string>();
  for (const s of splits) {
    sums.set(s.categoryId, (sums.get(s.categoryId) ?? 0) + s.amount);
    if (s.amount !== 0) nonZero.add(s.categoryId);
  }
  return [...sums].filter(([id]) => nonZero.has(id)).map(([categoryId, amount]) => ({ categoryId, amount }));
}

/** The fact after one event; `null` when the event does not apply (a replay, or no fact to change). */
export function evolve(fact: Fact | null, event: TransactionFactEvent, userId: string, seq: bigint, transferCategory: string | null): Fact | null {
  if (fact !== null && seq <= fact.seq) return null;
  let next: Fact;
  switch (event.type) {
    case 'TransactionRecorded': {
      if (fact !== null) return null;
      const d = event.data;
      next = {
        userId, transactionId: d.transactionId, seq, accountId: d.account?.accountId ?? null, date: d.date,
        type: TYPE_OF_KIND[d.kind] ?? 0, amount: d.account?.amount ?? 0, principle: d.account?.principle ?? null,
        pending: d.account?.pending ?? false, deleted: false, payee: d.account?.name ?? '',
        channel: channelOf(d.account?.paymentChannel), splits: splitSums(d.splits), transferCents: 0,
      };
      break;
    }
    case 'TransactionChanged': {
      if (fact === null) return null;
      const c = event.data.changes;
      next = {
        ...fact, seq,
        ...(c.date && { date: c.date.to }),
        ...(c.splits && { splits: splitSums(c.splits.to) }),
        ...(c.name && { payee: c.name.to }),
        ...(c.amount && { amount: c.amount.to }),
        ...(c.principle && { principle: c.principle.to }),
        ...(c.pending && { pending: c.pending.to }),
      };
      break;
    }
    case 'TransactionDeleted':
      if (fact === null) return null;
      next = { ...fact, seq, deleted: true };
      break;
    case 'TransactionRestored':
      if (fact === null) return null;
      next = { ...fact, seq, deleted: false };
      break;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown transaction event ${(unknown as { type: string }).type}`);
    }
  }
  next.transferCents = next.splits.filter((s) => s.categoryId === transferCategory).reduce((sum, s) => sum + s.amount, 0);
  return next;
}

/** A row wholly in Account Transfer: one side of a transfer between the user's own accounts. */
export const isTransfer = (fact: Pick<Fact, 'amount' | 'transferCents'>) => fact.transferCents !== 0 && fact.transferCents === fact.amount;

const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';
const monthOf = (date: string) => `${date.slice(0, 7)}-01`;

/** A row of an aggregate: its key columns, then the sums it adds (the last one is the row count). */
export interface Contribution {
  key: string[];
  sums: number[];
}
export interface Contributions {
  accountDays: Contribution[];
  payeeMonths: Contribution[];
  categoryMonths: Contribution[];
  progressDays: Contribution[];
  progressSets: Contribution[];
}

/** Fundings: budget progress's starting amount. Rebalances and starting balances are not in it at all. */
const FUNDING_TYPE = 2;
const outOfProgress = (type: number) => type === 3 || type === STARTING_BALANCE_TYPE;

/**
 * The key of a row's set of categories (budget progress counts a transaction once however many of
 * its categories are everyday ones): its category ids sorted by code unit and joined by commas
 * (category ids are uuids, so no id holds a comma). The migration's backfill sorts them the same
 * way (`COLLATE "C"`).
 */
export const categorySetKey = (splits: readonly SplitLine[]) => splits.map((s) => s.categoryId).sort().join(',');

/**
 * What a fact adds to each aggregate (docs/architecture.md §4 "Reports"): posted, live rows with an
 * account (starting balances left out) to the account's day — its amount, its principle-or-amount
 * (a loan's move), and its amount less the Account Transfer part as income (amount ≥ 0) or
 * expense; posted, live bank and manual rows to their payee month (less the Account Transfer part;
 * a row wholly in Account Transfer not at all); a live row's category sums to
 * their category month (pending ones too, as category balances count them).
 *
 * Budget progress (docs/architecture.md §4.7), pending rows too, rebalances and starting balances
 * never: each category sum to its category day — as funded (a funding) or as other lines, with
 * a line count — and each non-funding row once to the day of its set of categories, so that the
 * report can count a day's transactions in the everyday categories without reading them. Which
 * categories are everyday, and whether the account counts on that day, is decided when the report
 * is read: both keys hold the category and the account, never the group or the tracking.
 */
export function contributions(fact: Fact | null): Contributions {
  const out: Contributions = { accountDays: [], payeeMonths: [], categoryMonths: [], progressDays: [], progressSets: [] };
  if (fact === null || fact.deleted) return out;
  const { userId, accountId } = fact;
  if (accountId !== null && !fact.pending && fact.type !== STARTING_BALANCE_TYPE) {
    const net = fact.amount - fact.transferCents;
    out.accountDays.push({
      key: [userId, accountId, fact.date],
      sums: [fact.amount, fact.principle ?? fact.amount, fact.amount >= 0 ? net : 0, fact.amount < 0 ? net : 0, 1],
    });
    // A payee's sum leaves the Account Transfer part out, and a row wholly in Account Transfer (a
    // transfer between the user's own accounts, typed or paired) is no payee's (README "Transfer pairs").
    if ((fact.type === 0 || fact.type === 5) && !isTransfer(fact)) {
      out.payeeMonths.push({ key: [userId, accountId, monthOf(fact.date), fact.payee, fact.channel], sums: [net, 1] });
    }
  }
  for (const split of fact.splits) {
    out.categoryMonths.push({ key: [userId, split.categoryId, accountId ?? NO_ACCOUNT, monthOf(fact.date), String(fact.type)], sums: [split.amount, 1] });
  }
  if (!outOfProgress(fact.type) && fact.splits.length > 0) {
    const funding = fact.type === FUNDING_TYPE;
    for (const split of fact.splits) {
      out.progressDays.push({ key: [userId, fact.date, split.categoryId, accountId ?? NO_ACCOUNT], sums: [funding ? split.amount : 0, funding ? 0 : split.amount, 1] });
    }
    if (!funding) out.progressSets.push({ key: [userId, fact.date, accountId ?? NO_ACCOUNT, categorySetKey(fact.splits)], sums: [1] });
  }
  return out;
}

/** Sums of contributions by key, each added with `sign`: the net change a run of events makes. */
export class Deltas {
  readonly tables: Record<keyof Contributions, Map<string, Contribution>> = {
    accountDays: new Map(), payeeMonths: new Map(), categoryMonths: new Map(), progressDays: new Map(), progressSets: new Map(),
  };

  add(c: Contributions, sign: 1 | -1): void {
    for (const table of Object.keys(this.tables) as (keyof Contributions)[]) {
      const map = this.tables[table];
      for (const { key, sums } of c[table]) {
        const k = JSON.stringify(key);
        const row = map.get(k) ?? { key, sums: sums.map(() => 0) };
        sums.forEach((value, i) => (row.sums[i]! += sign * value));
        map.set(k, row);
      }
    }
  }

  /** The rows that change something (a key whose additions cancel out is left alone). */
  rows(table: keyof Contributions): Contribution[] {
    return [...this.tables[table].values()].filter((row) => row.sums.some((v) => v !== 0));
  }
}
