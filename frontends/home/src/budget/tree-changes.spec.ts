import { describe, expect, it } from 'vitest';
import type { GroupsTree } from '@budget/contracts';
import { buildCategoryTree } from '@budget/web';
import { treeRows } from '../categories/tree-rows.js';
import { category, group, groupsTree } from './fixtures.testing.js';
import { withCategory, withGroup, withoutCategory, withoutGroup } from './tree-changes.js';

const labels = (tree: GroupsTree) => treeRows(buildCategoryTree(tree)).map((row) => `${'-'.repeat(row.level)}${row.label}`);
const books = groupsTree.categories.find((c) => c.id === 'books')!;
const groceries = groupsTree.categories.find((c) => c.id === 'groc')!;

describe('changes to the cached tree', () => {
  it('re-inserts a renamed category in name order, with the balance the server answered', () => {
    const renamed = withCategory(groupsTree, { ...books, name: 'Zoo' });
    expect(labels(groupsTree).slice(5)).toEqual(['Bills', '-Rent', 'Books', 'Food', '-Groceries', '-Treats', '--Cake']);
    expect(labels(renamed).slice(5)).toEqual(['Bills', '-Rent', 'Food', '-Groceries', '-Treats', '--Cake', 'Zoo']);
    expect(treeRows(buildCategoryTree(renamed)).at(-1)?.balance).toBe(300);
  });

  it('moves a category into another group and a group under another', () => {
    const moved = withGroup(withCategory(groupsTree, { ...groceries, groupId: 'bills' }), group({ id: 'treats', name: 'Treats' }));
    expect(labels(moved).slice(5)).toEqual(['Bills', '-Groceries', '-Rent', 'Books', 'Food', 'Treats', '-Cake']);
  });

  it('adds new records and removes deleted ones', () => {
    const added = withCategory(withGroup(groupsTree, group({ id: 'car', name: 'Car' })), category({ id: 'gas', groupId: 'car', name: 'Gas' }));
    expect(labels(added)).toContain('-Gas');
    expect(labels(withoutGroup(withoutCategory(added, 'gas'), 'car'))).toEqual(labels(groupsTree));
  });
});
