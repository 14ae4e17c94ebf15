import { describe, expect, it } from 'vitest';
import { fundingBody, fundingLines, planFunding, poolAfter, sourcesText, startingEntries } from './funding-form.js';
import type { Proposal, StoredTransfer } from './transfer-data.js';

const proposal = (amount: number, fundingCategories: Proposal['fundingCategories'] = [], includeFundingTransfers = true): Proposal => ({ amount, adjustedReason: null, fundingCategories, includeFundingTransfers });
const proposals = new Map([
  ['groc', proposal(30000)],
  ['cake', proposal(1000, [{ categoryId: 'save', amount: 50, percentage: true }, { categoryId: 'pool', amount: 50, percentage: true }])],
]);
const plain = (entries: ReturnType<typeof startingEntries>) =>
  Object.fromEntries([...entries].map(([id, e]) => [id, { base: e.base, rows: e.rows.map(({ categoryId, amount, percentage }) => ({ categoryId, amount, percentage })), pass: e.includeFundingTransfers }]));

describe('the funding form', () => {
  it('starts a new funding from the proposals, 100 % Funding Pool by default', () => {
    expect(plain(startingEntries(['groc', 'cake', 'books'], proposals, null, 'pool'))).toEqual({
      groc: { base: 30000, rows: [{ categoryId: 'pool', amount: 10_000, percentage: true }], pass: true },
      cake: { base: 1000, rows: [{ categoryId: 'save', amount: 5000, percentage: true }, { categoryId: 'pool', amount: 5000, percentage: true }], pass: true },
      books: { base: 0, rows: [{ categoryId: 'pool', amount: 10_000, percentage: true }], pass: true },
    });
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
    const entries = startingEntries(['groc', 'cake', 'save'], proposals, null, 'pool');
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
