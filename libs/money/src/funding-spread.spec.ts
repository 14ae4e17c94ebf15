import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { spreadFunding, type FundingSourceSpec } from './funding-spread.js';

const pct = (categoryId: string, percent: number): FundingSourceSpec => ({ categoryId, amount: Math.round(percent * 100), percentage: true });
const fixed = (categoryId: string, cents: number): FundingSourceSpec => ({ categoryId, amount: cents, percentage: false });
const total = (parts: { amount: number }[]) => parts.reduce((sum, p) => sum + p.amount, 0);

describe('spreadFunding (rule 13)', () => {
  test('given a fixed 100.00 from Bonus and 100 % from the Pool, when 300.00 is funded, then Bonus gives 100.00 and the Pool 200.00', () => {
    expect(spreadFunding(30000, [pct('pool', 100), fixed('bonus', 10000)])).toEqual([
      { categoryId: 'bonus', amount: 10000 },
      { categoryId: 'pool', amount: 20000 },
    ]);
  });

  test('given three sources at 33.33 %, when 1.00 is funded, then they give 0.33, 0.33 and 0.34 (the last absorbs the cent)', () => {
    expect(spreadFunding(100, [pct('a', 33.33), pct('b', 33.33), pct('c', 33.33)])).toEqual([
      { categoryId: 'a', amount: 33 },
      { categoryId: 'b', amount: 33 },
      { categoryId: 'c', amount: 34 },
    ]);
  });

  test('given one source at 50 %, when 1.00 is funded, then it gives 0.50 and the Pool the rest (not the original’s 0)', () => {
    expect(spreadFunding(100, [pct('half', 50)], 'pool')).toEqual([
      { categoryId: 'half', amount: 50 },
      { categoryId: 'pool', amount: 50 },
    ]);
    expect(spreadFunding(100, [pct('half', 50), pct('pool', 50)])).toEqual([
      { categoryId: 'half', amount: 50 },
      { categoryId: 'pool', amount: 50 },
    ]);
  });

  test('a fixed source is capped by what is left, and what no source takes comes from the remainder category', () => {
    expect(spreadFunding(5000, [fixed('a', 3000), fixed('b', 3000)], 'pool')).toEqual([
      { categoryId: 'a', amount: 3000 },
      { categoryId: 'b', amount: 2000 },
    ]);
    expect(spreadFunding(5000, [fixed('a', 1000)], 'pool')).toEqual([
      { categoryId: 'a', amount: 1000 },
      { categoryId: 'pool', amount: 4000 },
    ]);
  });

  test('percentages over 100 % take at most what is left, earlier ones first', () => {
    expect(spreadFunding(1000, [pct('a', 80), pct('b', 80)], 'pool')).toEqual([
      { categoryId: 'a', amount: 800 },
      { categoryId: 'b', amount: 200 },
    ]);
  });

  test('no sources means all from the remainder category; a negative base is spread negated; zero parts are dropped', () => {
    expect(spreadFunding(1234, [], 'pool')).toEqual([{ categoryId: 'pool', amount: 1234 }]);
    expect(spreadFunding(-300, [pct('a', 33.33), pct('b', 66.67)])).toEqual([
      { categoryId: 'a', amount: -100 },
      { categoryId: 'b', amount: -200 },
    ]);
    expect(spreadFunding(0, [pct('a', 100)])).toEqual([]);
    expect(spreadFunding(100, [fixed('a', 0), pct('b', 100)])).toEqual([{ categoryId: 'b', amount: 100 }]);
  });

  const sources = fc.array(
    fc.oneof(
      fc.record({ categoryId: fc.constantFrom('a', 'b', 'c', 'd'), amount: fc.integer({ min: 0, max: 200_000 }), percentage: fc.constant(false) }),
      fc.record({ categoryId: fc.constantFrom('a', 'b', 'c', 'd'), amount: fc.integer({ min: 0, max: 10_000 }), percentage: fc.constant(true) }),
    ),
    { maxLength: 5 },
  );

  test('property: the parts always add up to the base exactly, each on the side of the base', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), sources, (base, list) => {
        const parts = spreadFunding(base, list, 'pool');
        expect(total(parts)).toBe(base);
        expect(parts.every((p) => Number.isSafeInteger(p.amount) && p.amount !== 0 && Math.sign(p.amount) === Math.sign(base))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  test('property: fixed sources never give more than their amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), sources, (base, list) => {
        const parts = spreadFunding(base, list.filter((s) => !s.percentage && s.categoryId !== 'a').concat([pct('a', 100)]), 'pool');
        for (const category of ['b', 'c', 'd']) {
          const cap = list.filter((s) => !s.percentage && s.categoryId === category).reduce((sum, s) => sum + s.amount, 0);
          expect(parts.find((p) => p.categoryId === category)?.amount ?? 0).toBeLessThanOrEqual(cap);
        }
      }),
      { numRuns: 500 },
    );
  });
});
