import { describe, expect, it } from 'vitest';
import { newRuleForm, removeSearchString, ruleBody, ruleFormFrom, ruleFormFromName, validateRule } from './rule-form.js';

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
