import { describe, expect, test } from 'vitest';
import { BudgetHasChildren, BudgetRuleViolation, UnknownBudgetReference } from '../budget-error.js';
import { decideBudget, type BudgetCommand } from '../budget.decide.js';
import type { BudgetEvent, CategoryAdded } from '../budget.events.js';
import { foldBudget, type BudgetState } from '../budget.state.js';
import type { CategoryFields } from './category-fields.js';

const TODAY = '2025-07-14';
const base = (() => {
  let n = 0;
  return decideBudget({ type: 'CreateBudget', userId: 'u', ids: { next: () => `id-${++n}` } }, { status: 'none' });
})();
const given = (...extra: BudgetEvent[]): BudgetState => foldBudget([...base, ...extra]);
const groupOf = (name: string) => base.find((e) => e.type === 'GroupAdded' && e.data.name === name)!.data as { groupId: string };
const categoryOf = (name: string) => (base.find((e) => e.type === 'CategoryAdded' && e.data.name === name) as CategoryAdded).data;
const when = (state: BudgetState, command: BudgetCommand) => decideBudget(command, state);
const add = (fields: CategoryFields & { name: string }, groupId = groupOf('Food').groupId): BudgetCommand => ({ type: 'AddCategory', categoryId: 'new', groupId, fields, today: TODAY });
const change = (categoryId: string, groupId: string, fields: CategoryFields): BudgetCommand => ({ type: 'ChangeCategory', categoryId, groupId, fields, today: TODAY });
const pool = categoryOf('Funding Pool');

describe('adding a category', () => {
  test('given Food, when a REGULAR category is added, then it has the defaults and no goal', () => {
    expect(when(given(), add({ name: ' Snacks ' }))).toEqual([
      {
        type: 'CategoryAdded',
        data: {
          categoryId: 'new', groupId: groupOf('Food').groupId, name: 'Snacks', type: 'REGULAR', parentCategoryId: null,
          fundingAmount: 0, includeFundingTransfers: true, useGoal: false, goalDate: null, recurrence: 1, fundingCategories: [], suspended: false,
        },
      },
    ]);
  });

  test('when a BILL is added without a goal date, then it uses its goal, is due one recurrence ahead and passes nothing on', () => {
    const [event] = when(given(), add({ name: 'Water', type: 'BILL', recurrence: 3, includeFundingTransfers: true, fundingAmount: 9000 }));
    expect(event!.data).toMatchObject({ type: 'BILL', useGoal: true, goalDate: '2025-10-01', recurrence: 3, includeFundingTransfers: false, fundingAmount: 9000 });
  });

  test('then a blank name, a taken name and another user’s funding category are refused', () => {
    expect(() => when(given(), add({ name: '' }))).toThrow(expect.objectContaining({ field: 'name', message: 'The category name must not be blank.' }));
    expect(() => when(given(), add({ name: 'groceries' }))).toThrow(expect.objectContaining({ code: 'database.unique' }));
    expect(() => when(given(), add({ name: 'X', fundingCategories: [{ categoryId: 'theirs', amount: 10_000, percentage: true }] }))).toThrow(UnknownBudgetReference);
    expect(() =>
      when(given(), add({ name: 'X', fundingCategories: [{ categoryId: pool.categoryId, amount: 6_000, percentage: true }, { categoryId: categoryOf('Groceries').categoryId, amount: 5_000, percentage: true }] })),
    ).toThrow(expect.objectContaining({ message: 'The percentages of the funding categories must not add up to more than 100.' }));
  });

  test('then the System group takes only Funding Pool subcategories; No Group takes plain ones', () => {
    const system = groupOf('System').groupId;
    const [sub] = when(given(), add({ name: 'Emergency' }, system));
    expect(sub!.data).toMatchObject({ groupId: system, parentCategoryId: pool.categoryId });
    expect(() => when(given(), add({ name: 'Y', parentCategoryId: pool.categoryId }))).toThrow(BudgetRuleViolation);
    expect(() => when(given(), add({ name: 'Y', parentCategoryId: categoryOf('Groceries').categoryId }, system))).toThrow(BudgetRuleViolation);
    expect(when(given(), add({ name: 'Loose' }, groupOf('NoGroup').groupId))[0]!.data).toMatchObject({ parentCategoryId: null });
    expect(() => when(given(), add({ name: 'Z' }, 'their-group'))).toThrow(UnknownBudgetReference);
  });
});

describe('changing a category', () => {
  const groceries = categoryOf('Groceries');

  test('given Groceries, when patched into Car with a new name, then renamed and moved', () => {
    expect(when(given(), change(groceries.categoryId, groupOf('Car').groupId, { name: 'Fuel stops' }))).toEqual([
      { type: 'CategoryRenamed', data: { categoryId: groceries.categoryId, name: 'Fuel stops' } },
      { type: 'CategoryMoved', data: { categoryId: groceries.categoryId, groupId: groupOf('Car').groupId, parentCategoryId: null } },
    ]);
  });

  test('when it becomes a BILL, then the settings event carries the whole new settings', () => {
    const [event] = when(given(), change(groceries.categoryId, groceries.groupId, { type: 'BILL', useGoal: true, goalDate: '2025-09-15', fundingAmount: 12000 }));
    expect(event).toEqual({
      type: 'CategorySettingsChanged',
      data: {
        categoryId: groceries.categoryId, type: 'BILL', hidden: false, fundingAmount: 12000, includeFundingTransfers: false, useGoal: true,
        goalDate: '2025-09-15', recurrence: 1, fundingCategories: [], suspended: false,
      },
    });
  });

  test('then a name taken in the target group is refused, and an unchanged patch records nothing', () => {
    expect(() => when(given(), change(groceries.categoryId, groupOf('Car').groupId, { name: 'Gasoline' }))).toThrow(expect.objectContaining({ code: 'database.unique' }));
    expect(when(given(), change(groceries.categoryId, groceries.groupId, { name: 'Groceries', suspended: false }))).toEqual([]);
  });

  test('then system categories are not renamed, moved or retyped', () => {
    expect(() => when(given(), change(pool.categoryId, pool.groupId, { name: 'My pool' }))).toThrow(
      expect.objectContaining({ message: 'A system category cannot be renamed, moved, retyped or deleted.' }),
    );
    expect(() => when(given(), change(pool.categoryId, groupOf('Food').groupId, {}))).toThrow(BudgetRuleViolation);
    expect(() => when(given(), change(pool.categoryId, pool.groupId, { type: 'GOAL' }))).toThrow(BudgetRuleViolation);
  });

  test('then a category cannot fund itself', () => {
    expect(() => when(given(), change(groceries.categoryId, groceries.groupId, { fundingCategories: [{ categoryId: groceries.categoryId, amount: 100, percentage: false }] }))).toThrow(
      expect.objectContaining({ message: 'A category cannot be one of its own funding categories.' }),
    );
  });
});

describe('deleting a category (guard rule)', () => {
  const dining = categoryOf('Dining Out');
  const del = (inUse: boolean, categoryId = dining.categoryId, groupId = dining.groupId): BudgetCommand => ({ type: 'DeleteCategory', categoryId, groupId, inUse });

  test('given a live −12 split on it, when deleted, then HAS_CHILDREN; once the split is gone, CategoryDeleted', () => {
    expect(() => when(given(), del(true))).toThrow(new BudgetHasChildren('Unable to delete the category because it contains one or more transactions'));
    expect(when(given(), del(false))).toEqual([{ type: 'CategoryDeleted', data: { categoryId: dining.categoryId } }]);
  });

  test('then categories that drew funding from it stop doing so', () => {
    const { categoryId, groupId: _g, name: _n, parentCategoryId: _p, ...settings } = categoryOf('Groceries');
    const groceries = { categoryId };
    const state = given({
      type: 'CategorySettingsChanged',
      data: { ...settings, categoryId, hidden: false, fundingCategories: [{ categoryId: dining.categoryId, amount: 500, percentage: false }] },
    });
    const events = when(state, del(false));
    expect(events[1]).toMatchObject({ type: 'CategorySettingsChanged', data: { categoryId: groceries.categoryId, fundingCategories: [] } });
  });

  test('then system categories, the wrong group and unknown ids are refused', () => {
    expect(() => when(given(), del(false, pool.categoryId, pool.groupId))).toThrow(BudgetRuleViolation);
    expect(() => when(given(), del(false, dining.categoryId, groupOf('Car').groupId))).toThrow(UnknownBudgetReference);
    expect(() => when(given(), del(false, 'theirs'))).toThrow(UnknownBudgetReference);
  });
});

describe('setting a funding plan item', () => {
  test('given a category, when its plan is set with a goal but no date, then the goal date defaults', () => {
    const groceries = categoryOf('Groceries');
    const [event] = when(given(), { type: 'SetPlanItem', categoryId: groceries.categoryId, fundingAmount: 40000, useGoal: true, goalDate: null, recurrence: 1, today: TODAY });
    expect(event!.data).toMatchObject({ fundingAmount: 40000, useGoal: true, goalDate: '2025-08-01', recurrence: 1 });
    expect(() => when(given(), { type: 'SetPlanItem', categoryId: 'theirs', fundingAmount: 1, useGoal: false, goalDate: null, recurrence: 1, today: TODAY })).toThrow(UnknownBudgetReference);
    expect(() => when(given(), { type: 'SetPlanItem', categoryId: pool.categoryId, fundingAmount: 1, useGoal: false, goalDate: null, recurrence: 1, today: TODAY })).toThrow(BudgetRuleViolation);
  });
});
