import { describe, expect, it } from 'vitest';
import { toBudget } from './budget-data.js';
import { groupsTree } from './fixtures.testing.js';
import { categoryGroupOptions, groupAndDescendants, groupPaths, parentOptions } from './group-paths.js';

const budget = toBudget(groupsTree);

describe('the budget as the dialogs read it', () => {
  it('finds the system and no-group groups and keeps every category field', () => {
    expect(budget.systemGroupId).toBe('sys');
    expect(budget.noGroupId).toBe('none');
    expect(budget.categories.find((c) => c.id === 'rent')?.fundingCategories).toEqual([{ categoryId: 'pool', amount: 100, percentage: true }]);
  });
});

describe('group choices', () => {
  it('names regular groups by their path', () => {
    expect([...groupPaths(budget)]).toEqual([
      ['food', 'Food'],
      ['treats', 'Food:Treats'],
      ['bills', 'Bills'],
    ]);
  });

  it("offers 'None' and every regular group but the edited one and those below it as a parent", () => {
    expect(parentOptions(budget, null).map((o) => o.label)).toEqual(['None', 'Bills', 'Food', 'Food:Treats']);
    expect(groupAndDescendants(budget, 'food')).toEqual(new Set(['food', 'treats']));
    expect(parentOptions(budget, 'food').map((o) => o.value)).toEqual(['', 'bills']);
  });

  it("offers 'No Group', the Funding Pool and the regular groups for a category", () => {
    expect(categoryGroupOptions(budget)).toEqual([
      { value: 'none', label: 'No Group' },
      { value: 'sys', label: 'Funding Pool' },
      { value: 'bills', label: 'Bills' },
      { value: 'food', label: 'Food' },
      { value: 'treats', label: 'Food:Treats' },
    ]);
  });
});
