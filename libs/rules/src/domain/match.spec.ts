import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ruleMatcher, splitByRule } from './match.js';
import type { Rule } from './rules.decide.js';

const rule = (id: string, name: string, searchStrings: string[]): Rule => ({ id, name, searchStrings, categories: [{ categoryId: 'u', amount: 10_000, percentage: true }] });

describe('the matcher', () => {
  test('a plain substring, ignoring case (rule 5)', () => {
    const matcher = ruleMatcher([rule('r1', 'Groceries', ['grocer'])]);
    expect(matcher.match('CITY GROCER #12')).toMatchObject({ rule: { id: 'r1' }, searchString: 'grocer' });
    expect(matcher.match('COFFEE')).toBeNull();
    expect(matcher.match('g.r.o.c.e.r')).toBeNull();
  });

  test('the longest matching search string wins, whichever rule holds it', () => {
    const matcher = ruleMatcher([rule('r1', 'Amazon', ['amazon']), rule('r2', 'Prime Video', ['amazon prime', 'zz'])]);
    expect(matcher.match('AMAZON PRIME VIDEO')).toMatchObject({ rule: { id: 'r2' }, searchString: 'amazon prime' });
    expect(matcher.match('AMAZON MKTPLACE')).toMatchObject({ rule: { id: 'r1' } });
  });

  test('strings equally long: the rule first by name wins (then by id)', () => {
    const matcher = ruleMatcher([rule('r1', 'zeta', ['shop']), rule('r3', 'Alpha', ['mart']), rule('r2', 'alpha', ['shop'])]);
    expect(matcher.match('SHOP MART')).toMatchObject({ rule: { id: 'r2' } });
  });
});

describe('the split (rule 5)', () => {
  test('the worked example: 33.33 % A, 33.33 % B, 33.34 % C of −10.00 → −3.33, −3.33, −3.34', () => {
    const rows = [{ categoryId: 'A', amount: 3333, percentage: true }, { categoryId: 'B', amount: 3333, percentage: true }, { categoryId: 'C', amount: 3334, percentage: true }];
    expect(splitByRule(-1000, rows)).toEqual([{ categoryId: 'A', amount: -333 }, { categoryId: 'B', amount: -333 }, { categoryId: 'C', amount: -334 }]);
  });

  test('the last row takes the rounding remainder: 3 × 33.33 % of −1.00', () => {
    const rows = ['A', 'B', 'C'].map((categoryId) => ({ categoryId, amount: 3333, percentage: true }));
    expect(splitByRule(-100, rows)).toEqual([{ categoryId: 'A', amount: -33 }, { categoryId: 'B', amount: -33 }, { categoryId: 'C', amount: -34 }]);
  });

  test('fixed rows first (with the amount’s sign), percentages share the rest', () => {
    const rows = [{ categoryId: 'P', amount: 5000, percentage: true }, { categoryId: 'F', amount: 1000, percentage: false }, { categoryId: 'Q', amount: 5000, percentage: true }];
    expect(splitByRule(-5000, rows)).toEqual([{ categoryId: 'F', amount: -1000 }, { categoryId: 'P', amount: -2000 }, { categoryId: 'Q', amount: -2000 }]);
    expect(splitByRule(500, [{ categoryId: 'F', amount: 1000, percentage: false }, { categoryId: 'P', amount: 10_000, percentage: true }])).toEqual([{ categoryId: 'F', amount: 500 }]);
  });

  test('property: the splits always sum to the amount, in cents, each with its sign', () => {
    const row = fc.record({ categoryId: fc.constantFrom('A', 'B', 'C', 'D'), percentage: fc.boolean(), amount: fc.integer({ min: 0, max: 10_000 }) });
    const rows = fc.array(row, { minLength: 1, maxLength: 6 }).filter((rs) => rs.filter((r) => r.percentage).reduce((s, r) => s + r.amount, 0) <= 10_000);
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }), rows, (amount, rs) => {
        const splits = splitByRule(amount, rs);
        expect(splits.reduce((sum, s) => sum + s.amount, 0)).toBe(amount);
        for (const s of splits) {
          expect(Number.isInteger(s.amount)).toBe(true);
          expect(Math.sign(s.amount)).toBe(Math.sign(amount));
        }
      }),
      { numRuns: 2000 },
    );
  });
});
