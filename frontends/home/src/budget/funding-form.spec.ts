import { describe, expect, it } from 'vitest';
import { fundingBody, fundingLines, fundingRowWanted, planFunding, poolAfter, proposedAmounts, sourcesText, startingEntries, withProposed } from './funding-form.js';
import type { Proposal, StoredTransfer } from './transfer-data.js';

const proposal = (amount: number, fundingCategories: Proposal['fundingCategories'] = [], includeFundingTransfers = true, funded = 0): Proposal => ({
  amount, due: amount + funded, funded, adjustedReason: null, fundingCategories, includeFundingTransfers,
});
const proposals = new Map([
  ['groc', proposal(30000)],
  ['cake', proposal(1000, [{ categoryId: 'save', amount: 50, percentage: true }, { categoryId: 'pool', amount: 50, percentage: true }])],
]);
const plain = (entries: ReturnType<typeof startingEntries>) =>
  Object.fromEntries([...entries].map(([id, e]) => [id, { base: e.base, rows: e.rows.map(({ categoryId, amount, percentage }) => ({ categoryId, amount, percentage })), pass: e.includeFundingTransfers }]));

describe('the funding form', () => {
  it('starts a new funding empty: nothing is funded unless typed or filled by Use proposed; sources and pass-through from the category', () => {
    expect(plain(startingEntries(['groc', 'cake', 'books'], proposals, null, 'pool'))).toEqual({
      groc: { base: 0, rows: [{ categoryId: 'pool', amount: 10_000, percentage: true }], pass: true },
      cake: { base: 0, rows: [{ categoryId: 'save', amount: 5000, percentage: true }, { categoryId: 'pool', amount: 5000, percentage: true }], pass: true },
      books: { base: 0, rows: [{ categoryId: 'pool', amount: 10_000, percentage: true }], pass: true },
    });
  });

  it('Use proposed fills every category with what it is still proposed, 0 where nothing is, keeping its sources', () => {
    const entries = startingEntries(['groc', 'cake', 'books'], proposals, null, 'pool');
    const typed = new Map(entries).set('books', { ...entries.get('books')!, base: 2500 });
    const filled = plain(withProposed(typed, proposedAmounts(proposals, null, '2025-08-01')));
    expect([filled.groc?.base, filled.cake?.base, filled.books?.base]).toEqual([30000, 1000, 0]);
    expect(filled.cake?.rows).toEqual(plain(entries).cake?.rows);
  });

  it('proposes what is still needed; editing a funding of the same month counts what it gave out again (never below 0)', () => {
    // Groceries: due 400.00, 150.00 already funded this month (100.00 of it by the funding edited) → 250.00 new, 350.00 when editing.
    const month = new Map([['groc', proposal(25000, [], true, 15000)], ['cake', proposal(0, [], true, 3000)]]);
    const stored: StoredTransfer = { id: 't', date: '2025-08-01', type: 2, categories: [{ categoryId: 'groc', amount: 100, baseAmount: 100 }, { categoryId: 'pool', amount: -100, baseAmount: 0, funder: true }] };
    expect(proposedAmounts(month, null, '2025-08-20')).toEqual(new Map([['groc', 25000], ['cake', 0]]));
    expect(proposedAmounts(month, stored, '2025-08-20')).toEqual(new Map([['groc', 35000], ['cake', 0]]));
    // Moved to another month, the stored funding is not among that month's fundings: nothing is given back.
    expect(proposedAmounts(month, stored, '2025-09-01').get('groc')).toBe(25000);
    // Cake was over-funded (30.00 funded, due 30.00 → 0); a split of 0.50 edited out still leaves 0, never a negative proposal.
    const over = new Map([['cake', { ...proposal(0, [], true, 3000), due: 2000 }]]);
    expect(proposedAmounts(over, { ...stored, categories: [{ categoryId: 'cake', amount: 0.5 }] }, '2025-08-02').get('cake')).toBe(0);
  });

  it('keeps a row in the narrowed list when it has a plan, is still proposed something, is below zero, or is being funded', () => {
    expect(fundingRowWanted({ plan: 10000, proposed: 0, balance: 500, base: 0 })).toBe(true);
    expect(fundingRowWanted({ plan: 0, proposed: 100, balance: 0, base: 0 })).toBe(true);
    expect(fundingRowWanted({ plan: 0, proposed: 0, balance: -1, base: 0 })).toBe(true);
    expect(fundingRowWanted({ plan: 0, proposed: 0, balance: 0, base: 2500 })).toBe(true);
    expect(fundingRowWanted({ plan: 0, proposed: 0, balance: 0, base: 0 })).toBe(false);
    expect(fundingRowWanted({ base: 0 })).toBe(false);
  });

  it('starts an edited funding from its stored splits and 0 elsewhere', () => {
    const stored: StoredTransfer = {
      id: 't', date: '2025-07-01', type: 2, version: 3,
      categories: [
        { categoryId: 'cake', amount: 25, baseAmount: 20, fundingCategories: [{ categoryId: 'pool', amount: 12.5, percentage: false }], includeFundingTransfers: false },
        { categoryId: 'pool', amount: -25, baseAmount: 0, funder: true },
      ],
    };
    const entries = plain(startingEntries(['groc', 'cake'], proposals, stored, 'pool'));
    expect(entries.groc?.base).toBe(0);
    expect(entries.cake).toEqual({ base: 2000, rows: [{ categoryId: 'pool', amount: 1250, percentage: false }], pass: false });
  });

  it('builds zero-sum splits with buildFunding, passing funding through a source that passes it on', () => {
    const entries = withProposed(startingEntries(['groc', 'cake', 'save'], proposals, null, 'pool'), proposedAmounts(proposals, null, '2025-07-01'));
    const outcome = planFunding(fundingLines(entries), 'pool');
    if (!outcome.ok) throw new Error(outcome.error);
    // Cake draws 5.00 from Savings, which passes it on: Savings receives 5.00 from the pool.
    expect(outcome.funded).toBe(30000 + 1000 + 500);
    expect(outcome.drawn).toEqual(new Map([['pool', 30000 + 500 + 500], ['save', 500]]));
    expect(outcome.splits.reduce((sum, split) => sum + split.amount, 0)).toBe(0);
  });

  it('reports a loop of pass-through categories instead of throwing', () => {
    const loop = [
      { categoryId: 'a', base: 100, sources: [{ categoryId: 'b', amount: 10_000, percentage: true }], includeFundingTransfers: true },
      { categoryId: 'b', base: 100, sources: [{ categoryId: 'a', amount: 10_000, percentage: true }], includeFundingTransfers: true },
    ];
    expect(planFunding(loop, 'pool').ok).toBe(false);
  });

  it('sends type 2 with dollars and percents, and the version when editing', () => {
    const body = fundingBody('2025-07-01', [
      { categoryId: 'groc', amount: 1250, baseAmount: 1250, funder: false, fundingCategories: [{ categoryId: 'pool', amount: 3333, percentage: true }], includeFundingTransfers: true },
      { categoryId: 'pool', amount: -1250, baseAmount: 0, funder: true, fundingCategories: [], includeFundingTransfers: false },
    ], 4);
    expect(body).toEqual({
      date: '2025-07-01',
      type: 2,
      version: 4,
      categories: [
        { categoryId: 'groc', amount: 12.5, baseAmount: 12.5, funder: false, fundingCategories: [{ categoryId: 'pool', amount: 33.33, percentage: true }], includeFundingTransfers: true },
        { categoryId: 'pool', amount: -12.5, baseAmount: 0, funder: true, fundingCategories: [], includeFundingTransfers: false },
      ],
    });
    expect(fundingBody('2025-07-01', [])).not.toHaveProperty('version');
  });

  it('describes where the money comes from', () => {
    const names = (id: string) => ({ pool: 'Funding Pool', save: 'Savings' })[id] ?? id;
    expect(sourcesText([{ key: 'a', categoryId: 'pool', amount: 10_000, percentage: true }], names)).toBe('Funding Pool 100%');
    expect(sourcesText([{ key: 'a', categoryId: 'save', amount: 2500, percentage: false }, { key: 'b', categoryId: 'pool', amount: 3350, percentage: true }], names)).toBe('Savings $25.00, Funding Pool 33.50%');
  });

  it("works out the Funding Pool's balance after saving, giving back what an edited funding drew", () => {
    expect(poolAfter(100000, 30000, null, 'pool')).toBe(70000);
    const stored: StoredTransfer = { id: 't', date: '2025-07-01', type: 2, categories: [{ categoryId: 'groc', amount: 300 }, { categoryId: 'pool', amount: -300, funder: true }] };
    expect(poolAfter(70000, 25000, stored, 'pool')).toBe(75000);
  });
});
