import { describe, expect, test } from 'vitest';
import { BudgetHasChildren, BudgetRuleViolation, UnknownBudgetReference } from '../budget-error.js';
import { decideBudget, type BudgetCommand } from '../budget.decide.js';
import type { BudgetEvent } from '../budget.events.js';
import { foldBudget, type BudgetState } from '../budget.state.js';

const given = (...extra: BudgetEvent[]): BudgetState => {
  let n = 0;
  const created = decideBudget({ type: 'CreateBudget', userId: 'u', ids: { next: () => `id-${++n}` } }, { status: 'none' });
  return foldBudget([...created, ...extra]);
};
const groupId = (state: BudgetState, name: string) => (state.status === 'created' ? [...state.groups].find(([, g]) => g.name === name)![0] : '');
const when = (state: BudgetState, command: BudgetCommand) => decideBudget(command, state);
const added = (id: string, name: string, parentGroupId: string | null = null): BudgetEvent => ({ type: 'GroupAdded', data: { groupId: id, name, type: 'REGULAR', parentGroupId } });
const violation = (field: string, message: string) => expect.objectContaining({ field, message });

describe('adding a group', () => {
  test('given a budget, when a group is added under Food, then GroupAdded is REGULAR with the trimmed name', () => {
    const state = given();
    expect(when(state, { type: 'AddGroup', groupId: 'g1', name: '  Fun  ', parentGroupId: groupId(state, 'Food') })).toEqual([
      { type: 'GroupAdded', data: { groupId: 'g1', name: 'Fun', type: 'REGULAR', parentGroupId: groupId(state, 'Food') } },
    ]);
  });

  test('then a blank name is refused with the spec message', () => {
    expect(() => when(given(), { type: 'AddGroup', groupId: 'g1', name: '   ', parentGroupId: null })).toThrow(
      violation('name', 'The group name must not be blank.'),
    );
  });

  test('then a sibling with the same name (any case) is refused as database.unique; a cousin is not', () => {
    const state = given(added('a', 'Trips'), added('b', 'Kids', 'a'));
    expect(() => when(state, { type: 'AddGroup', groupId: 'x', name: 'food', parentGroupId: null })).toThrow(
      expect.objectContaining({ field: 'name', code: 'database.unique', message: 'The name has already been taken' }),
    );
    expect(when(state, { type: 'AddGroup', groupId: 'x', name: 'Food', parentGroupId: 'a' })).toHaveLength(1);
    expect(() => when(state, { type: 'AddGroup', groupId: 'x', name: 'KIDS', parentGroupId: 'a' })).toThrow(BudgetRuleViolation);
  });

  test('then the parent must be one of the user’s regular groups', () => {
    const state = given();
    expect(() => when(state, { type: 'AddGroup', groupId: 'x', name: 'X', parentGroupId: 'someone-elses' })).toThrow(UnknownBudgetReference);
    expect(() => when(state, { type: 'AddGroup', groupId: 'x', name: 'X', parentGroupId: groupId(state, 'System') })).toThrow(
      violation('parentGroupId', 'The parent group must be one of your own groups.'),
    );
  });
});

describe('the No Group group as a parent (the spec client’s way of saying "top level")', () => {
  test('given a budget, when a group is added with the No Group group as its parent, then it is added at the top level', () => {
    const state = given();
    expect(when(state, { type: 'AddGroup', groupId: 'g1', name: 'Bills 2', parentGroupId: groupId(state, 'NoGroup') })).toEqual([
      { type: 'GroupAdded', data: { groupId: 'g1', name: 'Bills 2', type: 'REGULAR', parentGroupId: null } },
    ]);
  });

  test('then the name is checked among the top-level groups', () => {
    const state = given();
    expect(() => when(state, { type: 'AddGroup', groupId: 'g1', name: 'bills', parentGroupId: groupId(state, 'NoGroup') })).toThrow(
      expect.objectContaining({ field: 'name', code: 'database.unique' }),
    );
  });

  test('given a sub-group, when moved under the No Group group, then it moves to the top level; a top-level group does not move', () => {
    const state = given(added('a', 'Trips'), added('b', 'Kids', 'a'));
    expect(when(state, { type: 'ChangeGroup', groupId: 'b', parentGroupId: groupId(state, 'NoGroup') })).toEqual([
      { type: 'GroupMoved', data: { groupId: 'b', parentGroupId: null } },
    ]);
    expect(when(state, { type: 'ChangeGroup', groupId: 'a', parentGroupId: groupId(state, 'NoGroup') })).toEqual([]);
  });
});

describe('changing a group', () => {
  test('given a group, when renamed and moved, then GroupRenamed and GroupMoved', () => {
    const state = given(added('a', 'Trips'));
    expect(when(state, { type: 'ChangeGroup', groupId: 'a', name: 'Travel', parentGroupId: groupId(state, 'Food') })).toEqual([
      { type: 'GroupRenamed', data: { groupId: 'a', name: 'Travel' } },
      { type: 'GroupMoved', data: { groupId: 'a', parentGroupId: groupId(state, 'Food') } },
    ]);
  });

  test('then leaving out the parent keeps it, and the name is checked among its real siblings', () => {
    const state = given(added('a', 'Trips'), added('b', 'Kids', 'a'), added('c', 'Adults', 'a'));
    expect(() => when(state, { type: 'ChangeGroup', groupId: 'c', name: 'kids' })).toThrow(BudgetRuleViolation);
    expect(when(state, { type: 'ChangeGroup', groupId: 'c', name: 'Food' })).toEqual([{ type: 'GroupRenamed', data: { groupId: 'c', name: 'Food' } }]);
  });

  test('then a group cannot move into itself or below itself', () => {
    const state = given(added('a', 'Trips'), added('b', 'Kids', 'a'), added('c', 'Toddlers', 'b'));
    expect(() => when(state, { type: 'ChangeGroup', groupId: 'a', parentGroupId: 'a' })).toThrow(violation('parentGroupId', 'A group cannot be placed inside itself or one of its sub-groups.'));
    expect(() => when(state, { type: 'ChangeGroup', groupId: 'a', parentGroupId: 'c' })).toThrow(BudgetRuleViolation);
    expect(when(state, { type: 'ChangeGroup', groupId: 'c', parentGroupId: null })).toEqual([{ type: 'GroupMoved', data: { groupId: 'c', parentGroupId: null } }]);
  });

  test('then the System and No Group groups are neither renamed nor moved, but may be hidden', () => {
    const state = given(added('a', 'Trips'));
    expect(() => when(state, { type: 'ChangeGroup', groupId: groupId(state, 'System'), name: 'Mine' })).toThrow(BudgetRuleViolation);
    expect(() => when(state, { type: 'ChangeGroup', groupId: groupId(state, 'NoGroup'), parentGroupId: 'a' })).toThrow(BudgetRuleViolation);
    expect(when(state, { type: 'ChangeGroup', groupId: groupId(state, 'NoGroup'), hidden: true })).toEqual([
      { type: 'GroupHiddenChanged', data: { groupId: groupId(state, 'NoGroup'), hidden: true } },
    ]);
  });

  test('then nothing that changes nothing is recorded', () => {
    const state = given(added('a', 'Trips'));
    expect(when(state, { type: 'ChangeGroup', groupId: 'a', name: 'Trips', parentGroupId: null, hidden: false })).toEqual([]);
  });
});

describe('deleting a group (guard rule)', () => {
  test('given a group holding categories, when deleted, then HAS_CHILDREN', () => {
    const state = given();
    expect(() => when(state, { type: 'DeleteGroup', groupId: groupId(state, 'Food') })).toThrow(
      new BudgetHasChildren('Unable to delete the group because it contains one or more categories'),
    );
  });

  test('given a group holding only a sub-group, when deleted, then HAS_CHILDREN too', () => {
    expect(() => when(given(added('a', 'Trips'), added('b', 'Kids', 'a')), { type: 'DeleteGroup', groupId: 'a' })).toThrow(BudgetHasChildren);
  });

  test('given an empty group, when deleted, then GroupDeleted; system groups never go', () => {
    const state = given(added('a', 'Trips'));
    expect(when(state, { type: 'DeleteGroup', groupId: 'a' })).toEqual([{ type: 'GroupDeleted', data: { groupId: 'a' } }]);
    expect(() => when(given(), { type: 'DeleteGroup', groupId: 'missing' })).toThrow(UnknownBudgetReference);
    const empty = foldBudget([{ type: 'BudgetCreated', data: { userId: 'u' } }, { type: 'GroupAdded', data: { groupId: 's', name: 'System', type: 'SYSTEM', parentGroupId: null } }]);
    expect(() => when(empty, { type: 'DeleteGroup', groupId: 's' })).toThrow(BudgetRuleViolation);
  });
});
