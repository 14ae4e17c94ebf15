import { describe, expect, test } from 'vitest';
import { BudgetAlreadyExists } from './budget-error.js';
import { decideBudget } from './budget.decide.js';
import type { BudgetEvent, CategoryAdded, GroupAdded } from './budget.events.js';
import { foldBudget, initialBudgetState } from './budget.state.js';
import type { IdSource } from './create-budget.decide.js';

const sequentialIds = (): IdSource => {
  let n = 0;
  return { next: () => `id-${++n}` };
};
const create = (userId = 'user-1') => ({ type: 'CreateBudget' as const, userId, ids: sequentialIds() });

const groups = (events: BudgetEvent[]) => events.filter((e): e is GroupAdded => e.type === 'GroupAdded').map((e) => e.data);
const categories = (events: BudgetEvent[]) => events.filter((e): e is CategoryAdded => e.type === 'CategoryAdded').map((e) => e.data);
const categoryNamesOf = (events: BudgetEvent[], groupName: string) => {
  const group = groups(events).find((g) => g.name === groupName);
  return categories(events).filter((c) => c.groupId === group?.groupId).map((c) => c.name);
};

describe('creating a budget', () => {
  test('given no budget, when created, then it starts with BudgetCreated for the user', () => {
    const events = decideBudget(create('u-42'), initialBudgetState);
    expect(events[0]).toEqual({ type: 'BudgetCreated', data: { userId: 'u-42' } });
  });

  test('then the System group holds Unassigned, Funding Pool and Account Transfer', () => {
    const events = decideBudget(create(), initialBudgetState);
    const system = groups(events).find((g) => g.type === 'SYSTEM');
    expect(system).toMatchObject({ name: 'System', parentGroupId: null });
    expect(categories(events).filter((c) => c.groupId === system?.groupId).map((c) => [c.name, c.type])).toEqual([
      ['Unassigned', 'UNASSIGNED'],
      ['Funding Pool', 'FUNDING POOL'],
      ['Account Transfer', 'ACCOUNT TRANSFER'],
    ]);
  });

  test('then NoGroup (type NO GROUP) holds Entertainment and Miscellaneous', () => {
    const events = decideBudget(create(), initialBudgetState);
    expect(groups(events).find((g) => g.name === 'NoGroup')?.type).toBe('NO GROUP');
    expect(categoryNamesOf(events, 'NoGroup')).toEqual(['Entertainment', 'Miscellaneous']);
  });

  test('then the starter groups are REGULAR with the catalogue categories, and there is no Loans group', () => {
    const events = decideBudget(create(), initialBudgetState);
    const starters = groups(events).filter((g) => g.type === 'REGULAR').map((g) => g.name);
    expect(starters).toEqual(['Food', 'Home Improvement', 'Health Care', 'Insurance', 'Bills', 'Taxes', 'Car']);
    expect(categoryNamesOf(events, 'Food')).toEqual(['Groceries', 'Dining Out']);
    expect(categoryNamesOf(events, 'Home Improvement')).toEqual(['Maintenance', 'Furniture', 'Other']);
    expect(categoryNamesOf(events, 'Health Care')).toEqual(['Medical', 'Dental', 'Vision']);
    expect(categoryNamesOf(events, 'Insurance')).toEqual(['Medical', 'Dental', 'Vision', 'House/Car']);
    expect(categoryNamesOf(events, 'Bills')).toEqual(['Electric', 'Natural Gas', 'Garbage/Recycling']);
    expect(categoryNamesOf(events, 'Taxes')).toEqual(['Federal', 'State', 'Property', 'Preparation Fees']);
    expect(categoryNamesOf(events, 'Car')).toEqual(['Gasoline', 'Maintenance', 'Registration']);
    expect(groups(events).some((g) => /loan/i.test(g.name))).toBe(false);
  });

  test('then every category starts with the default settings, regular ones typed REGULAR', () => {
    const events = decideBudget(create(), initialBudgetState);
    for (const category of categories(events)) {
      expect(category).toMatchObject({
        fundingAmount: 0,
        includeFundingTransfers: true,
        useGoal: false,
        goalDate: null,
        recurrence: 1,
        fundingCategories: [],
        suspended: false,
      });
    }
    expect(categories(events).filter((c) => c.type === 'REGULAR')).toHaveLength(24);
  });

  test('then every id comes from the injected generator and is unique', () => {
    const events = decideBudget(create(), initialBudgetState);
    const ids = [...groups(events).map((g) => g.groupId), ...categories(events).map((c) => c.categoryId)];
    expect(ids).toHaveLength(9 + 27);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^id-\d+$/.test(id))).toBe(true);
  });

  test('given an existing budget, when created again, then it is refused', () => {
    const state = foldBudget(decideBudget(create('u-1'), initialBudgetState));
    expect(() => decideBudget(create('u-1'), state)).toThrow(BudgetAlreadyExists);
  });

  test('given the created events, the state holds the whole tree', () => {
    const state = foldBudget(decideBudget(create('u-1'), initialBudgetState));
    expect(state.status).toBe('created');
    if (state.status !== 'created') return;
    expect(state.groups.size).toBe(9);
    expect(state.categories.size).toBe(27);
  });
});
