import { buildFunding, centsToDecimalString, dollarsFromCents, FundingCycle, stillToFund, type Cents, type FundingLine, type FundingSplit } from '@budget/money';
import { defaultFundingRows, fundingRowsFromWire, fundingSources, wireCents, type FundingRow, type Id } from '@budget/web';
import type { Proposal, StoredTransfer, TransferBody } from './transfer-data.js';

/** What the funding dialog holds for one category: its own amount, where it comes from, pass-through. */
export interface FundingEntry {
  base: Cents;
  rows: FundingRow[];
  includeFundingTransfers: boolean;
}

/**
 * Where each category starts: a new funding with nothing (an amount is typed, or filled by "Use
 * proposed" — never sent unasked), the category's funding categories (100 % from the Funding Pool
 * when it has none) and pass-through; an edited one with its stored splits and 0 for the
 * categories it did not fund.
 */
export function startingEntries(ids: readonly Id[], proposals: ReadonlyMap<Id, Proposal>, stored: StoredTransfer | null, poolId: Id | null): Map<Id, FundingEntry> {
  const splits = storedFunded(stored);
  return new Map(
    ids.map((id) => {
      const split = splits.get(id);
      const proposal = proposals.get(id);
      if (split) {
        return [id, { base: wireCents(split.baseAmount ?? split.amount), rows: fundingRowsFromWire(split.fundingCategories, poolId), includeFundingTransfers: split.includeFundingTransfers ?? proposal?.includeFundingTransfers ?? true }];
      }
      return [
        id,
        {
          base: 0,
          rows: proposal ? fundingRowsFromWire(proposal.fundingCategories, poolId) : defaultFundingRows(poolId),
          includeFundingTransfers: proposal?.includeFundingTransfers ?? true,
        },
      ];
    }),
  );
}

/** The funded (not funder) splits of a stored funding, by category. */
const storedFunded = (stored: StoredTransfer | null) => new Map((stored?.categories ?? []).filter((split) => !split.funder).map((split) => [split.categoryId, split]));

/**
 * What each category is proposed in the month of `date`: what it still needs after the fundings
 * already dated in that month (the server's `amount`). An edited funding dated in that month is
 * one of those fundings, but it is being replaced: what it gave a category is counted out again,
 * so editing it proposes what the month needs without it.
 */
export function proposedAmounts(proposals: ReadonlyMap<Id, Proposal>, stored: StoredTransfer | null, date: string): Map<Id, Cents> {
  const sameMonth = stored !== null && stored.date.slice(0, 7) === date.slice(0, 7);
  const splits = sameMonth ? storedFunded(stored) : new Map<Id, never>();
  return new Map(
    [...proposals].map(([id, proposal]) => {
      const split = splits.get(id);
      if (!split) return [id, proposal.amount];
      return [id, stillToFund(proposal.due, proposal.funded - wireCents(split.baseAmount ?? split.amount))];
    }),
  );
}

/** "Use proposed": every category's amount becomes its proposal (0 where nothing is proposed); where the money comes from is kept. */
export function withProposed(entries: ReadonlyMap<Id, FundingEntry>, proposed: ReadonlyMap<Id, Cents>): Map<Id, FundingEntry> {
  return new Map([...entries].map(([id, entry]) => [id, { ...entry, base: proposed.get(id) ?? 0 }]));
}

/**
 * Whether a category stays in the narrowed list ("With a plan or underfunded"): it has a plan, it
 * is still proposed something this month, its balance is below zero — or an amount is being funded
 * to it, which is never hidden.
 */
export function fundingRowWanted(figures: { plan?: Cents | undefined; proposed?: Cents | undefined; balance?: Cents | undefined; base: Cents }): boolean {
  return (figures.plan ?? 0) > 0 || (figures.proposed ?? 0) > 0 || (figures.balance ?? 0) < 0 || figures.base !== 0;
}

/** The lines @budget/money's `buildFunding` takes. */
export function fundingLines(entries: ReadonlyMap<Id, FundingEntry>): FundingLine[] {
  return [...entries].map(([categoryId, entry]) => ({ categoryId, base: entry.base, sources: fundingSources(entry.rows), includeFundingTransfers: entry.includeFundingTransfers }));
}

export type FundingOutcome = { ok: true; splits: FundingSplit[]; funded: Cents; drawn: Map<Id, Cents> } | { ok: false; error: string };

/** The zero-sum splits (server-behaviour §4.4.6, built by `buildFunding`), what the categories receive, and what each source gives. */
export function planFunding(lines: readonly FundingLine[], poolId: Id): FundingOutcome {
  try {
    const splits = buildFunding(lines, poolId);
    const funded = splits.filter((split) => !split.funder).reduce((sum, split) => sum + split.amount, 0);
    const drawn = new Map(splits.filter((split) => split.funder).map((split) => [split.categoryId, -split.amount]));
    return { ok: true, splits, funded, drawn };
  } catch (error) {
    if (error instanceof FundingCycle) return { ok: false, error: 'Categories that pass funding on draw from each other in a loop.' };
    throw error;
  }
}

/** POST or PATCH /category-transfer of a funding (type 2): dollars and percents on the wire. */
export function fundingBody(date: string, splits: readonly FundingSplit[], version?: number | null): TransferBody {
  return {
    date,
    type: 2,
    ...(version != null && { version }),
    categories: splits.map((split) => ({
      categoryId: split.categoryId,
      amount: dollarsFromCents(split.amount),
      baseAmount: dollarsFromCents(split.baseAmount),
      funder: split.funder,
      fundingCategories: split.fundingCategories.map((source) => ({ categoryId: source.categoryId, amount: dollarsFromCents(source.amount), percentage: source.percentage })),
      includeFundingTransfers: split.includeFundingTransfers,
    })),
  };
}

/** A short account of where a category's funding comes from: "Funding Pool 100%", "Savings $25.00, Funding Pool 50%". */
export function sourcesText(rows: readonly FundingRow[], nameOf: (id: Id) => string): string {
  return rows
    .map((row) => {
      const name = row.categoryId === null ? 'No category' : nameOf(row.categoryId);
      const amount = centsToDecimalString(row.amount);
      return row.percentage ? `${name} ${amount.replace(/\.00$/, '')}%` : `${name} $${amount}`;
    })
    .join(', ');
}

/**
 * The Funding Pool's balance once this funding is saved: today's balance, plus what an edited
 * funding drew from it before (that is given back), minus what it draws now.
 */
export function poolAfter(balance: Cents, drawnNow: Cents, stored: StoredTransfer | null, poolId: Id): Cents {
  const drawnBefore = (stored?.categories ?? []).filter((split) => split.funder && split.categoryId === poolId).reduce((sum, split) => sum - wireCents(split.amount), 0);
  return balance + drawnBefore - drawnNow;
}

/**
 * Quick funding (docs/architecture.md §9.3): each button fills every amount of the dialog at once,
 * before anything is saved; the totals and Save then read the same entries, so what is previewed
 * is what is sent. Every filled amount is whole cents and never negative.
 */
export type QuickFill = 'underfunded' | 'lastMonth' | 'overspent';

/** What covers a balance below zero up to exactly 0.00 (0 for a balance at or above zero). */
const shortfall = (balance: Cents | undefined): Cents => Math.max(0, -(balance ?? 0));

/**
 * "Fund what's underfunded": what each category still needs this month — its proposal (plans and
 * goals, after this month's fundings) — or, when that is less, what brings its balance on the
 * funding date back to 0.00 (an overspent category with nothing proposed is underfunded too).
 */
export function fillUnderfunded(entries: ReadonlyMap<Id, FundingEntry>, proposed: ReadonlyMap<Id, Cents>, balances: ReadonlyMap<Id, Cents>): Map<Id, FundingEntry> {
  return new Map([...entries].map(([id, entry]) => [id, { ...entry, base: Math.max(0, proposed.get(id) ?? 0, shortfall(balances.get(id))) }]));
}

/** "Same as last month": each category's funding of the previous month (GET /categories?date `previousFunding`); nothing where that was not a gain. */
export function fillLastMonth(entries: ReadonlyMap<Id, FundingEntry>, previousFunding: ReadonlyMap<Id, Cents>): Map<Id, FundingEntry> {
  return new Map([...entries].map(([id, entry]) => [id, { ...entry, base: Math.max(0, previousFunding.get(id) ?? 0) }]));
}

/**
 * "Cover overspending": every category below zero on the funding date is funded up to exactly 0.00,
 * 100 % from the Funding Pool and without pass-through (so it receives exactly its shortfall); every
 * other amount becomes 0, so nothing draws on a covered category.
 */
export function fillOverspent(entries: ReadonlyMap<Id, FundingEntry>, balances: ReadonlyMap<Id, Cents>, poolId: Id): Map<Id, FundingEntry> {
  return new Map(
    [...entries].map(([id, entry]) => {
      const base = shortfall(balances.get(id));
      return [id, base === 0 ? { ...entry, base: 0 } : { base, rows: defaultFundingRows(poolId), includeFundingTransfers: false }];
    }),
  );
}
