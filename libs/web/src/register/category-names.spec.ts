import { describe, expect, it } from 'vitest';
import { readCategoryTree } from '../categories/category-tree.js';
import { categoryNames } from './category-names.js';

const tree = readCategoryTree({ data: {
  groups: [{ id: 3, name: 'Food', type: 'REGULAR', parentGroupId: null }],
  categories: [
    { id: 10, groupId: 1, name: 'Unassigned', type: 'UNASSIGNED', balance: 0 },
    { id: 20, groupId: 3, name: 'Groceries', type: 'REGULAR', balance: 0 },
  ],
} });

describe('categoryNames', () => {
  it('lists each split category once by its path', () => {
    const splits = [{ categoryId: '20', amount: 1 }, { categoryId: '20', amount: 2 }, { categoryId: '77', amount: 3 }];
    expect(categoryNames({ id: '1', date: '2025-01-01', type: 0, categories: splits }, tree)).toBe('Food:Groceries, #77');
  });

  it('names uncategorised transactions Unassigned', () => {
    expect(categoryNames({ id: '1', date: '2025-01-01', type: 0, categories: [] }, tree)).toBe('Unassigned');
    expect(categoryNames({ id: '1', date: '2025-01-01', type: 0 }, null)).toBe('Unassigned');
  });
});
