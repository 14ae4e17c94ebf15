import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { conditionLabel, ruleMatcher } from './match.js';
import { previewRule } from './preview.js';
import { foldRules, ruleFields, type Rule, type RulesContext } from './rules.decide.js';
import type { RulesEvent } from './rule.events.js';
import { RuleInputError } from './rules-error.js';

const context: RulesContext = { categoryExists: () => true, unassignedCategoryId: 'U', accountExists: (id) => id.startsWith('acct') };
const rows = [{ categoryId: 'G', amount: 10_000, percentage: true }];

describe("a rule's conditions besides name contains (docs/architecture.md §4.5)", () => {
  test('a rule stored before the conditions (no fields) is "name contains", unchanged', () => {
    const old: RulesEvent = { type: 'AutoAssignmentAdded', data: { ruleId: 'r', name: 'Old', searchStrings: ['shop'], categories: rows } };
    const matcher = ruleMatcher(foldRules([old]).values());
    expect(matcher.match({ name: 'THE SHOP', amountCents: -100, accountId: 'acct-1' })?.rule.id).toBe('r');
    expect(matcher.match('THE SHOP')?.searchString).toBe('shop');
  });

  test('name equals: whole name, trimmed, any case', () => {
    const rule: Rule = { id: 'r', name: 'Eq', searchStrings: ['Coffee'], categories: rows, nameMatch: 'equals' };
    const matcher = ruleMatcher([rule]);
    expect(matcher.match({ name: '  coffee ', amountCents: -1 })).not.toBeNull();
    expect(matcher.match({ name: 'COFFEE SHOP', amountCents: -1 })).toBeNull();
  });

  test('only the conditions set are stored; bounds crossed, an account not the user\'s, or nothing to match on are 422s', () => {
    expect(ruleFields({ name: 'A', searchStrings: ['a'], nameMatch: 'contains', amountMin: null, amountMax: null, accountIds: [] }, context)).toEqual({ name: 'A', searchStrings: ['a'], categories: [{ categoryId: 'U', amount: 10_000, percentage: true }] });
    expect(ruleFields({ name: 'A', searchStrings: [], amountMin: -500, accountIds: ['acct-1', 'acct-1'] }, context)).toMatchObject({ searchStrings: [], amountMin: -500, accountIds: ['acct-1'] });
    const field = (draft: Parameters<typeof ruleFields>[0]) => {
      try {
        ruleFields(draft, context);
        return null;
      } catch (error) {
        return (error as RuleInputError).field;
      }
    };
    expect(field({ name: 'A', searchStrings: [], amountMin: -10, amountMax: -20 })).toBe('amount');
    expect(field({ name: 'A', searchStrings: ['a'], accountIds: ['other'] })).toBe('accountIds.0');
    expect(field({ name: 'A', searchStrings: [], nameMatch: 'equals' })).toBe('searchStrings');
  });

  test('a rule without search strings is named by its condition, and yields to any rule whose string matches', () => {
    expect(conditionLabel({ amountMin: -3600, amountMax: -3600 })).toBe('amount -36.00');
    expect(conditionLabel({ amountMin: -5000, amountMax: -2000 })).toBe('amount from -50.00 to -20.00');
    expect(conditionLabel({ amountMax: 0 })).toBe('amount at most 0.00');
    expect(conditionLabel({ accountIds: ['acct-1'] })).toBe('account');
    const matcher = ruleMatcher([
      { id: 'bare', name: 'A', searchStrings: [], categories: rows, amountMin: -3600, amountMax: -3600 },
      { id: 'named', name: 'B', searchStrings: ['gym'], categories: rows },
    ]);
    expect(matcher.match({ name: 'GYM', amountCents: -3600 })?.rule.id).toBe('named');
    expect(matcher.match({ name: 'OTHER', amountCents: -3600 })).toMatchObject({ rule: { id: 'bare' }, searchString: 'amount -36.00' });
  });

  test('property: a row matches exactly when its name, amount and account meet every condition set; the preview claims exactly those rows', () => {
    const cents = fc.integer({ min: -100_000, max: 100_000 });
    const row = fc.record({ name: fc.constantFrom('GYM', 'gym club', 'Coffee', 'RENT'), amountCents: cents, accountId: fc.constantFrom('acct-1', 'acct-2') });
    const draft = fc.record({
      searchStrings: fc.subarray(['gym', 'coffee', 'rent']),
      nameMatch: fc.constantFrom('contains' as const, 'equals' as const),
      amountMin: fc.option(cents, { nil: null }),
      amountMax: fc.option(cents, { nil: null }),
      accountIds: fc.subarray(['acct-1', 'acct-2']),
    });
    fc.assert(
      fc.property(draft, fc.array(row, { maxLength: 20 }), (d, rs) => {
        let fields;
        try {
          fields = ruleFields({ name: 'R', categories: rows, ...d }, context);
        } catch (error) {
          expect(error).toBeInstanceOf(RuleInputError);
          return;
        }
        const expected = (r: (typeof rs)[number]) =>
          (d.searchStrings.length === 0 || d.searchStrings.some((s) => (d.nameMatch === 'equals' ? r.name.trim().toLowerCase() === s : r.name.toLowerCase().includes(s)))) &&
          (d.amountMin === null || r.amountCents >= d.amountMin) &&
          (d.amountMax === null || r.amountCents <= d.amountMax) &&
          (d.accountIds.length === 0 || d.accountIds.includes(r.accountId));
        const matcher = ruleMatcher([{ id: 'r', ...fields }]);
        for (const r of rs) expect(matcher.match(r) !== null).toBe(expected(r));
        const unassigned = rs.map((r, i) => ({ ...r, transactionId: `t${i}`, date: '2025-03-01', counted: true }));
        const plan = previewRule(fields, unassigned, 'U');
        expect(plan.matches.map((m) => m.row.transactionId)).toEqual(unassigned.filter((r) => r.amountCents !== 0 && expected(r)).map((r) => r.transactionId));
      }),
      { numRuns: 1000 },
    );
  });
});
