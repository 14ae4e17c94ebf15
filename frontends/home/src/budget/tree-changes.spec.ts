import { describe, expect, it } from 'vitest';
import { readCategoryTree, type CategoryTree } from '@budget/web';
import { treeRows } from '../categories/tree-rows.js';
import { groupsBody } from './fixtures.testing.js';
import { withCategory, withGroup, withoutCategory, withoutGroup } from './tree-changes.js';

const labels = (body: unknown) => treeRows(readCategoryTree(body) as CategoryTree).map((row) => `${'-'.repeat(row.level)}${row.label}`);

describe('changes to the cached tree', () => {
  it('re-inserts a renamed category in name order, keeping its balance', () => {
    const renamed = withCategory(groupsBody, { id: 'books', groupId: 'none', name: 'Zoo', type: 'REGULAR' });
    expect(labels(groupsBody).slice(5)).toEqual(['Bills', '-Rent', 'Books', 'Food', '-Groceries', '-Treats', '--Cake']);
    expect(labels(renamed).slice(5)).toEqual(['Bills', '-Rent', 'Food', '-Groceries', '-Treats', '--Cake', 'Zoo']);
    expect(treeRows(readCategoryTree(renamed) as CategoryTree).at(-1)?.balance).toBe(300);
  });

  it('moves a category into another group and a group under another', () => {
    const moved = withGroup(withCategory(groupsBody, { id: 'groc', groupId: 'bills' }), { id: 'treats', parentGroupId: null, name: 'Treats' });
    expect(labels(moved).slice(5)).toEqual(['Bills', '-Groceries', '-Rent', 'Books', 'Food', 'Treats', '-Cake']);
  });

  it('adds new records and removes deleted ones', () => {
    const added = withCategory(withGroup(groupsBody, { id: 'car', name: 'Car', type: 'REGULAR', parentGroupId: null }), { id: 'gas', groupId: 'car', name: 'Gas', type: 'REGULAR', balance: 0 });
    expect(labels(added)).toContain('-Gas');
    expect(labels(withoutGroup(withoutCategory(added, 'gas'), 'car'))).toEqual(labels(groupsBody));
  });

  it('leaves an answer of another shape alone', () => {
    expect(withCategory({ errors: [] }, { id: 'x' })).toEqual({ errors: [] });
  });
});
