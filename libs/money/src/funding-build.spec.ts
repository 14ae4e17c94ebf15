import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { buildFunding, FundingCycle, type FundingLine } from './funding-build.js';

const POOL = 'pool';
const line = (categoryId: string, base: number, sources: FundingLine['sources'] = [], includeFundingTransfers = true): FundingLine => ({
  categoryId,
  base,
  sources,
  includeFundingTransfers,
});
const from = (categoryId: string, percent = 100) => ({ categoryId, amount: percent * 100, percentage: true });
const net = (splits: { categoryId: string; amount: number }[]) => {
  const out = new Map<string, number>();
  for (const s of splits) out.set(s.categoryId, (out.get(s.categoryId) ?? 0) + s.amount);
  return out;
};

describe('buildFunding', () => {
  test('rule 12: Groceries 400 and Rent 1,200 from the Funding Pool → +400, +1,200, Pool −1,600 as a funder', () => {
    const splits = buildFunding([line('groceries', 40000), line('rent', 120000)], POOL);
    expect(splits).toEqual([
      { categoryId: 'groceries', amount: 40000, baseAmount: 40000, funder: false, fundingCategories: [], includeFundingTransfers: true },
      { categoryId: 'rent', amount: 120000, baseAmount: 120000, funder: false, fundingCategories: [], includeFundingTransfers: true },
      { categoryId: POOL, amount: -160000, baseAmount: 0, funder: true, fundingCategories: [], includeFundingTransfers: false },
    ]);
  });

  test('rule 14: Savings (pass-through, 20) funds Vacation (50) → Vacation +50, Savings +70 −50, Pool −70', () => {
    const splits = buildFunding([line('savings', 2000, [from(POOL)]), line('vacation', 5000, [from('savings')])], POOL);
    expect(splits.map((s) => [s.categoryId, s.amount, s.funder])).toEqual([
      ['savings', 7000, false],
      ['vacation', 5000, false],
      [POOL, -7000, true],
      ['savings', -5000, true],
    ]);
    expect(net(splits)).toEqual(new Map([['savings', 2000], ['vacation', 5000], [POOL, -7000]]));
  });

  test('a category that is not a pass-through only gives: it keeps its base and is drawn down by what others take', () => {
    const splits = buildFunding([line('savings', 2000, [], false), line('vacation', 5000, [from('savings')])], POOL);
    expect(net(splits)).toEqual(new Map([['savings', -3000], ['vacation', 5000], [POOL, -2000]]));
  });

  test('deep pass-through chains are followed whatever the order of the lines', () => {
    const splits = buildFunding([line('c', 100, [from('b')]), line('a', 100, [from(POOL)]), line('b', 100, [from('a')])], POOL);
    expect(net(splits)).toEqual(new Map([['a', 100], ['b', 100], ['c', 100], [POOL, -300]]));
  });

  test('pass-through categories drawing from each other in a loop are refused', () => {
    expect(() => buildFunding([line('a', 100, [from('b')]), line('b', 100, [from('a')])], POOL)).toThrow(FundingCycle);
  });

  const lines = fc
    .uniqueArray(
      fc.record({
        categoryId: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
        base: fc.integer({ min: -100_000, max: 1_000_000 }),
        sources: fc.array(
          fc.record({ categoryId: fc.constantFrom('a', 'b', 'c', 'd', 'e', POOL), amount: fc.integer({ min: 0, max: 10_000 }), percentage: fc.boolean() }),
          { maxLength: 3 },
        ),
        includeFundingTransfers: fc.boolean(),
      }),
      { selector: (l) => l.categoryId, maxLength: 5 },
    );

  test('property: a funding transaction never creates or destroys money (its splits sum to zero)', () => {
    fc.assert(
      fc.property(lines, (list) => {
        try {
          const splits = buildFunding(list, POOL);
          expect(splits.reduce((sum, s) => sum + s.amount, 0)).toBe(0);
          for (const l of list.filter((x) => !x.includeFundingTransfers)) {
            expect(splits.find((s) => s.categoryId === l.categoryId && !s.funder)?.amount ?? 0).toBe(l.base);
          }
        } catch (error) {
          if (!(error instanceof FundingCycle)) throw error;
        }
      }),
      { numRuns: 2000 },
    );
  });
});
