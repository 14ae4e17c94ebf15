import { describe, expect, test } from 'vitest';
import { RuleInputError, RuleNotFound } from './rules-error.js';
import { decideRules, foldRules, sortRules, type RulesContext } from './rules.decide.js';

const UNASSIGNED = 'u';
const context: RulesContext = { categoryExists: (id) => ['u', 'a', 'b'].includes(id), unassignedCategoryId: UNASSIGNED };
const added = decideRules({ type: 'AddAutoAssignment', ruleId: 'r1', fields: { name: ' Grocer ', searchStrings: ['grocer', ' ', 'GROCER', 'market '] } }, new Map(), context);

describe('the rules decider', () => {
  test('a new rule keeps its trimmed name and distinct non-blank strings, and goes to Unassigned at 100 % without rows', () => {
    expect(added).toEqual([
      {
        type: 'AutoAssignmentAdded',
        data: { ruleId: 'r1', name: 'Grocer', searchStrings: ['grocer', 'market'], categories: [{ categoryId: 'u', amount: 10_000, percentage: true }] },
      },
    ]);
  });

  test('at least one search string must remain', () => {
    const command = { type: 'AddAutoAssignment' as const, ruleId: 'r2', fields: { name: 'x', searchStrings: ['  ', ''] } };
    expect(() => decideRules(command, new Map(), context)).toThrow(new RuleInputError('searchStrings', 'At least one search string must be provided.'));
  });

  test("a category that is not the user's is refused on its row", () => {
    const command = { type: 'AddAutoAssignment' as const, ruleId: 'r2', fields: { name: 'x', searchStrings: ['x'], categories: [{ categoryId: 'a', amount: 5000, percentage: true }, { categoryId: 'theirs', amount: 5000, percentage: true }] } };
    const error = (() => {
      try {
        decideRules(command, new Map(), context);
      } catch (e) {
        return e as RuleInputError;
      }
    })();
    expect(error).toBeInstanceOf(RuleInputError);
    expect(error?.field).toBe('categories.1.categoryId');
  });

  test('percentages over 100 together are refused', () => {
    const rows = [{ categoryId: 'a', amount: 6000, percentage: true }, { categoryId: 'b', amount: 5000, percentage: true }];
    expect(() => decideRules({ type: 'AddAutoAssignment', ruleId: 'r2', fields: { name: 'x', searchStrings: ['x'], categories: rows } }, new Map(), context)).toThrow(RuleInputError);
  });

  test('a change replaces the whole rule; an unchanged one decides nothing; a missing one is not found', () => {
    const state = foldRules(added);
    const fields = { name: 'Grocer', searchStrings: ['grocer'], categories: [{ categoryId: 'a', amount: 250, percentage: false }] };
    const changed = decideRules({ type: 'ChangeAutoAssignment', ruleId: 'r1', fields }, state, context);
    expect(changed).toEqual([{ type: 'AutoAssignmentChanged', data: { ruleId: 'r1', ...fields } }]);
    expect(decideRules({ type: 'ChangeAutoAssignment', ruleId: 'r1', fields }, foldRules([...added, ...changed]), context)).toEqual([]);
    expect(() => decideRules({ type: 'ChangeAutoAssignment', ruleId: 'nope', fields }, state, context)).toThrow(RuleNotFound);
  });

  test('a delete removes the rule; deleting it again is not found', () => {
    const deleted = decideRules({ type: 'DeleteAutoAssignment', ruleId: 'r1' }, foldRules(added), context);
    expect(deleted).toEqual([{ type: 'AutoAssignmentDeleted', data: { ruleId: 'r1' } }]);
    expect(() => decideRules({ type: 'DeleteAutoAssignment', ruleId: 'r1' }, foldRules([...added, ...deleted]), context)).toThrow(RuleNotFound);
  });

  test('rules are listed by lower-cased name, then id', () => {
    expect(sortRules([{ id: '2', name: 'b' }, { id: '9', name: 'A' }, { id: '1', name: 'b' }]).map((r) => r.id)).toEqual(['9', '1', '2']);
  });
});
