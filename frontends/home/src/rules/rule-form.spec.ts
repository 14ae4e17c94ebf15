import { describe, expect, it } from 'vitest';
import { newRuleForm, previewQuery, removeSearchString, ruleBody, ruleFormFrom, ruleFormFromName, validateRule } from './rule-form.js';

describe('the rule form', () => {
  it('starts with one empty search string and Unassigned at 100 percent', () => {
    const form = newRuleForm('u');
    expect(form.searchStrings).toEqual(['']);
    expect(form.rows.map(({ categoryId, amount, percentage }) => ({ categoryId, amount, percentage }))).toEqual([{ categoryId: 'u', amount: 10_000, percentage: true }]);
  });

  it('needs a name and at least one non-blank search string', () => {
    expect(validateRule({ ...newRuleForm('u'), searchStrings: ['  '] })).toEqual({ name: 'A name must be provided.', searchStrings: 'At least one search string must be provided.' });
    expect(validateRule({ ...newRuleForm('u'), name: 'Groceries', searchStrings: ['grocer'] })).toEqual({});
  });

  it("sends the spec client's body: trimmed strings without blanks, rows with negative ids, amounts in dollars or percent", () => {
    const form = ruleFormFrom(
      { id: 'r', name: ' Groceries ', searchStrings: ['grocer', ' market '], categories: [{ id: 1, categoryId: 'a', amount: 33.33, percentage: true }, { id: 2, categoryId: 'b', amount: 12.5, percentage: false }] },
      'u',
    );
    expect(ruleBody({ ...form, searchStrings: [...form.searchStrings, ''] })).toEqual({
      name: 'Groceries',
      searchStrings: ['grocer', 'market'],
      categories: [{ id: -1, categoryId: 'a', amount: 33.33, percentage: true }, { id: -2, categoryId: 'b', amount: 12.5, percentage: false }],
    });
  });

  it("makes a rule from a transaction: its name, collapsed and trimmed, is the rule's name and search string", () => {
    const form = ruleFormFromName('  STARBUCKS   #123 ', 'u');
    expect(form.name).toBe('STARBUCKS #123');
    expect(form.searchStrings).toEqual(['STARBUCKS #123']);
    expect(form.rows.map(({ categoryId, amount, percentage }) => ({ categoryId, amount, percentage }))).toEqual([{ categoryId: 'u', amount: 10_000, percentage: true }]);
  });

  it('keeps the last search string box', () => {
    expect(removeSearchString(['a'], 0)).toEqual(['a']);
    expect(removeSearchString(['a', 'b'], 0)).toEqual(['b']);
  });
});

describe("the rule form's conditions (docs/architecture.md §4.5)", () => {
  it('"Make a rule?" prefills name equals the payee and its category at 100 percent', () => {
    const form = ruleFormFromName('Corner Cafe', 'u', { equals: true, categoryId: 'dining' });
    expect(form.nameMatch).toBe('equals');
    expect(form.rows.map(({ categoryId, amount, percentage }) => ({ categoryId, amount, percentage }))).toEqual([{ categoryId: 'dining', amount: 10_000, percentage: true }]);
    expect(ruleBody(form)).toMatchObject({ name: 'Corner Cafe', searchStrings: ['Corner Cafe'], nameMatch: 'equals' });
  });

  it('an amount range or an account needs no search string; crossed bounds are refused; the body carries dollars', () => {
    const range = { ...newRuleForm('u'), name: 'Fuel', searchStrings: [''], amountCondition: 'range' as const, amountMin: -5000, amountMax: -2000 };
    expect(validateRule(range)).toEqual({});
    expect(ruleBody(range)).toMatchObject({ searchStrings: [], amount: { min: -50, max: -20 } });
    expect(previewQuery(ruleBody(range))).toMatchObject({ searchStrings: [''], amountMin: -50, amountMax: -20 });
    expect(validateRule({ ...range, amountMin: -1000 })).toEqual({ amount: 'The lowest amount must not be above the highest.' });
    const equals = { ...range, amountCondition: 'equals' as const, amountMin: -3600 };
    expect(ruleBody(equals).amount).toEqual({ min: -36, max: -36 });
    expect(ruleFormFrom({ id: 'r', name: 'X', searchStrings: [], categories: [], amount: { min: -36, max: -36 }, accountIds: ['a1'] }, 'u')).toMatchObject({ amountCondition: 'equals', amountMin: -3600, accountIds: ['a1'] });
    // A plain rule's body is the spec client's, no condition fields.
    expect(Object.keys(ruleBody({ ...newRuleForm('u'), name: 'P', searchStrings: ['p'] })).sort()).toEqual(['categories', 'name', 'searchStrings']);
  });
});
