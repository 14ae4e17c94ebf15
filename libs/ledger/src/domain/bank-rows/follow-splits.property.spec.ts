import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { followSplits } from '../splits.js';
import type { Split } from '../transaction.events.js';

/**
 * The tipped bill's money rule (docs/architecture.md §8), over generated splits and posted amounts:
 * the splits always sum to the posted amount in cents; one category takes all of it; a rule's split
 * keeps its categories and nothing goes to Unassigned; only a hand-made split over several
 * categories sends exactly the difference to Unassigned, keeping its own lines, and asks for review.
 */
const UNASSIGNED = 'unassigned';
const cents = fc.integer({ min: -10_000_000, max: 10_000_000 }).filter((c) => c !== 0);
const splitsArb = fc.array(fc.record({ categoryId: fc.constantFrom('dining', 'groceries', 'tips', 'fuel'), amount: cents }), { minLength: 1, maxLength: 5 })
  .map((lines) => lines.map((l): Split => ({ ...l, comment: null })));
const sum = (splits: readonly Split[]) => splits.reduce((a, s) => a + s.amount, 0);

describe('followSplits (property)', () => {
  it('always sums to the posted amount; one split takes it all; a rule keeps its categories; a hand-made split sends only the difference to Unassigned', () => {
    fc.assert(
      fc.property(splitsArb, cents, fc.boolean(), (splits, posted, byRule) => {
        const result = followSplits(splits, posted, UNASSIGNED, { byRule, ruled: null });
        expect(sum(result.splits)).toBe(posted);
        for (const s of result.splits) expect(Number.isSafeInteger(s.amount)).toBe(true);
        if (sum(splits) === posted) {
          expect(result).toEqual({ splits, review: false });
        } else if (splits.length === 1) {
          expect(result).toEqual({ splits: [{ ...splits[0]!, amount: posted }], review: false });
        } else if (byRule && sum(splits) !== 0) {
          expect(result.review).toBe(false);
          expect(result.splits.map((s) => s.categoryId)).toEqual(splits.map((s) => s.categoryId));
        } else {
          expect(result.review).toBe(true);
          expect(result.splits.slice(0, splits.length)).toEqual(splits);
          expect(result.splits.slice(splits.length)).toEqual([{ categoryId: UNASSIGNED, amount: posted - sum(splits), comment: null }]);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('a rule\'s split that still sums to the posted amount is taken as it is', () => {
    const rule = [{ categoryId: 'dining', amount: -4000, comment: null }, { categoryId: 'tips', amount: -1670, comment: null }];
    expect(followSplits([{ categoryId: 'dining', amount: -3000, comment: null }, { categoryId: 'tips', amount: -1686, comment: null }], -5670, UNASSIGNED, { byRule: true, ruled: rule })).toEqual({ splits: rule, review: false });
  });
});
