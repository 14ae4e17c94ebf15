import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillLastMonth, fillOverspent, fillUnderfunded, fundingBody, fundingLines, planFunding, startingEntries, type FundingEntry } from './funding-form.js';
import type { Proposal } from './transfer-data.js';

const proposal = (amount: number, fundingCategories: Proposal['fundingCategories'] = []): Proposal => ({
  amount, due: amount, funded: 0, adjustedReason: null, fundingCategories, includeFundingTransfers: true,
});
const ids = ['rent', 'food', 'gym', 'fun'];
const proposals = new Map([
  ['rent', proposal(120_000)],
  ['food', proposal(40_000, [{ categoryId: 'save', amount: 50, percentage: true }, { categoryId: 'pool', amount: 50, percentage: true }])],
  ['gym', proposal(0)],
  ['fun', proposal(0)],
]);
const entries = startingEntries(ids, proposals, null, 'pool');
const proposed = new Map([...proposals].map(([id, p]) => [id, p.amount]));
const bases = (filled: ReadonlyMap<string, FundingEntry>) => Object.fromEntries([...filled].map(([id, entry]) => [id, entry.base]));

/** What a category receives from a funding built from the entries (its non-funder split), in cents. */
function received(filled: ReadonlyMap<string, FundingEntry>): Map<string, number> {
  const outcome = planFunding(fundingLines(filled), 'pool');
  if (!outcome.ok) throw new Error(outcome.error);
  return new Map(outcome.splits.filter((split) => !split.funder).map((split) => [split.categoryId, split.amount]));
}

describe('quick funding (docs/architecture.md §9.3)', () => {
  it("Fund what's underfunded: each proposal, and an overspent category proposed 0.00 gets its negative balance covered", () => {
    // Gym is at -12.34 with nothing proposed: 12.34. Food is at -50.00 but proposed 400.00: the proposal, the larger.
    const balances = new Map([['rent', 0], ['food', -5000], ['gym', -1234], ['fun', 2500]]);
    expect(bases(fillUnderfunded(entries, proposed, balances))).toEqual({ rent: 120_000, food: 40_000, gym: 1234, fun: 0 });
    // Rent proposed 10.00 but 25.00 below zero: the 25.00 that brings it to 0.00.
    expect(fillUnderfunded(entries, new Map([['rent', 1000]]), new Map([['rent', -2500]])).get('rent')?.base).toBe(2500);
    // Sources are kept: Food still draws half from Savings.
    expect(fillUnderfunded(entries, proposed, balances).get('food')?.rows).toEqual(entries.get('food')?.rows);
  });

  it('Same as last month: each previous funding; a negative one (a funder) or none gives 0', () => {
    const previous = new Map([['rent', 120_000], ['food', 35_050], ['gym', -4000]]);
    expect(bases(fillLastMonth(entries, previous))).toEqual({ rent: 120_000, food: 35_050, gym: 0, fun: 0 });
  });

  it('Cover overspending: every category below zero funded exactly up to 0.00 from the Funding Pool, the rest 0', () => {
    const typed = new Map(entries).set('fun', { ...entries.get('fun')!, base: 9900 });
    const balances = new Map([['rent', -1], ['food', -123_456], ['gym', 0], ['fun', 700]]);
    const filled = fillOverspent(typed, balances, 'pool');
    expect(bases(filled)).toEqual({ rent: 1, food: 123_456, gym: 0, fun: 0 });
    // Food drew half from Savings before; covering it draws 100 % from the pool.
    expect(filled.get('food')?.rows.map(({ categoryId, amount, percentage }) => ({ categoryId, amount, percentage }))).toEqual([{ categoryId: 'pool', amount: 10_000, percentage: true }]);
    const outcome = planFunding(fundingLines(filled), 'pool');
    expect(outcome.ok && outcome.drawn).toEqual(new Map([['pool', 123_457]]));
  });

  it('the preview is what Save sends: the body is built from the same splits, its dollars equal the total', () => {
    const balances = new Map([['rent', -1], ['food', -5000], ['gym', -1234], ['fun', 0]]);
    const filled = fillUnderfunded(entries, proposed, balances);
    const outcome = planFunding(fundingLines(filled), 'pool');
    if (!outcome.ok) throw new Error(outcome.error);
    const body = fundingBody('2026-11-01', outcome.splits);
    const sentCents = (body.categories ?? []).filter((split) => !split.funder).reduce((sum, split) => sum + Math.round(Number(split.amount) * 100), 0);
    expect(outcome.funded).toBe(120_000 + 40_000 + 1234);
    expect(sentCents).toBe(outcome.funded);
    // Zero-sum: the funders give exactly what the funded receive.
    expect((body.categories ?? []).reduce((sum, split) => sum + Math.round(Number(split.amount) * 100), 0)).toBe(0);
  });

  const cents = fc.integer({ min: -1_000_000_000_00, max: 1_000_000_000_00 });
  const figures = fc.record({ rent: cents, food: cents, gym: cents, fun: cents });

  it('property: filled amounts are never negative, whole cents; covering overspending brings every covered balance to exactly 0', () => {
    fc.assert(
      fc.property(figures, figures, figures, (balance, proposal, previous) => {
        const balances = new Map(Object.entries(balance));
        const wants = new Map(Object.entries(proposal).map(([id, amount]) => [id, Math.max(0, amount)]));
        for (const filled of [fillUnderfunded(entries, wants, balances), fillLastMonth(entries, new Map(Object.entries(previous))), fillOverspent(entries, balances, 'pool')]) {
          for (const entry of filled.values()) {
            expect(entry.base).toBeGreaterThanOrEqual(0);
            expect(Number.isInteger(entry.base)).toBe(true);
          }
        }
        const got = received(fillOverspent(entries, balances, 'pool'));
        for (const [id, before] of balances) {
          if (before < 0) expect(before + (got.get(id) ?? 0)).toBe(0);
          else expect(got.get(id) ?? 0).toBe(0);
        }
        // Underfunded leaves no category below zero and gives each at least its proposal.
        const under = received(fillUnderfunded(entries, wants, balances));
        for (const [id, before] of balances) {
          expect(before + (under.get(id) ?? 0)).toBeGreaterThanOrEqual(0);
          expect(under.get(id) ?? 0).toBeGreaterThanOrEqual(wants.get(id) ?? 0);
        }
      }),
    );
  });
});
