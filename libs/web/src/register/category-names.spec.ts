import { describe, expect, it } from 'vitest';
import { buildCategoryTree } from '../categories/category-tree.js';
import { categoryNames } from './category-names.js';
import { split, transaction } from './transaction.testing.js';

const tree = buildCategoryTree({
  groups: [{ id: '3', name: 'Food', type: 'REGULAR', parentGroupId: null }],
  categories: [
    { id: '10', groupId: '1', name: 'Unassigned', type: 'UNASSIGNED', balance: 0 },
    { id: '20', groupId: '3', name: 'Groceries', type: 'REGULAR', balance: 0 },
  ],
});

describe('categoryNames', () => {
  it('lists each split category once by its path', () => {
    const splits = [split('20', 1), split('20', 2), split('77', 3)];
    expect(categoryNames(transaction({ id: '1', categories: splits }), tree)).toBe('Food:Groceries, #77');
  });

  it('names uncategorised transactions Unassigned', () => {
    expect(categoryNames(transaction({ id: '1', categories: [] }), tree)).toBe('Unassigned');
    expect(categoryNames(transaction({ id: '1' }), null)).toBe('Unassigned');
  });
});
