import { describe, expect, it } from 'vitest';
import { buildCategoryTree } from '@budget/web';
import { dialogRows, narrowRows, rowCategoryIds } from './dialog-rows.js';
import { groupsTree } from './fixtures.testing.js';

const tree = buildCategoryTree(groupsTree);
const shown = (system: boolean) => dialogRows(tree, { system }).map((row) => `${row.level}:${row.kind === 'group' ? `[${row.name}]` : row.name}`);

describe('the rows of the funding and rebalance lists', () => {
  it('lists every category for a rebalance, system ones first, groups as headings', () => {
    expect(shown(true)).toEqual(['0:Unassigned', '0:Funding Pool', '1:Savings', '0:Account Transfer', '0:[Bills]', '1:Rent', '0:Books', '0:[Food]', '1:Groceries', '1:[Treats]', '2:Cake']);
  });

  it('leaves the system categories out of funding, keeping the Funding Pool subcategories under a heading', () => {
    expect(shown(false)).toEqual(['0:[Funding Pool]', '1:Savings', '0:[Bills]', '1:Rent', '0:Books', '0:[Food]', '1:Groceries', '1:[Treats]', '2:Cake']);
    expect(rowCategoryIds(dialogRows(tree, { system: false }))).toEqual(['save', 'rent', 'books', 'groc', 'cake']);
  });

  it('narrows to the kept categories, dropping the headings left without one (a heading keeps a nested group that still has one)', () => {
    const names = (keep: string[]) => narrowRows(dialogRows(tree, { system: false }), (id) => keep.includes(id)).map((row) => (row.kind === 'group' ? `[${row.name}]` : row.name));
    expect(names(['cake', 'rent'])).toEqual(['[Bills]', 'Rent', '[Food]', '[Treats]', 'Cake']);
    expect(names(['groc'])).toEqual(['[Food]', 'Groceries']);
    expect(names(['books'])).toEqual(['Books']);
    expect(names([])).toEqual([]);
  });
});
