import { describe, expect, it } from 'vitest';
import { buildCategoryTree } from '@budget/web';
import { treeRows } from './tree-rows.js';

const tree = buildCategoryTree({
  groups: [
    { id: '1', name: 'System', type: 'SYSTEM', parentGroupId: null },
    { id: '2', name: 'NoGroup', type: 'NO GROUP', parentGroupId: null },
    { id: '3', name: 'Food', type: 'REGULAR', parentGroupId: null },
    { id: '4', name: 'Treats', type: 'REGULAR', parentGroupId: '3' },
  ],
  categories: [
    { id: '12', groupId: '1', name: 'Account Transfer', type: 'ACCOUNT TRANSFER', balance: 0 },
    { id: '11', groupId: '1', name: 'Funding Pool', type: 'FUNDING POOL', balance: 100.00 },
    { id: '10', groupId: '1', name: 'Unassigned', type: 'UNASSIGNED', balance: -2.50 },
    { id: '13', groupId: '1', name: 'Reserve', type: 'REGULAR', balance: 0.05 },
    { id: '20', groupId: '3', name: 'Groceries', type: 'REGULAR', balance: 10.10 },
    { id: '21', groupId: '4', name: 'Cake', type: 'REGULAR', balance: 0.20 },
    { id: '30', groupId: '2', name: 'Books', type: 'REGULAR', balance: 3 },
  ],
});

describe('treeRows', () => {
  const rows = treeRows(tree);

  it('lists system entries, the funding pool subcategories, then groups and categories by name', () => {
    expect(rows.map((r) => [r.label, r.level])).toEqual([
      ['Unassigned', 0],
      ['Funding Pool', 0],
      ['Account Transfers', 0],
      ['Category Transfers', 0],
      ['Reserve', 1],
      ['Books', 0],
      ['Food', 0],
      ['Groceries', 1],
      ['Treats', 1],
      ['Cake', 2],
    ]);
  });

  it('links categories to their register and Category Transfers to the rebalances', () => {
    expect(rows.find((r) => r.label === 'Groceries')?.to).toBe('/home/20');
    expect(rows.find((r) => r.label === 'Category Transfers')?.to).toBe('/home/rebalances');
    expect(rows.find((r) => r.label === 'Food')?.to).toBeNull();
  });

  it('shows balances in cents with totals over nested categories', () => {
    const balance = (label: string) => rows.find((r) => r.label === label)?.balance;
    expect(balance('Unassigned')).toBe(-250);
    expect(balance('Funding Pool')).toBe(10005);
    expect(balance('Food')).toBe(1030);
    expect(balance('Treats')).toBe(20);
    expect(balance('Category Transfers')).toBeNull();
  });

  it('lets every category but the system ones be edited, and group headings edit their group', () => {
    expect(rows.filter((r) => r.editable && r.categoryId !== null).map((r) => r.label)).toEqual(['Reserve', 'Books', 'Groceries', 'Cake']);
    expect(rows.find((r) => r.label === 'Treats')).toMatchObject({ groupId: '4', editable: true, to: null });
    expect(rows.find((r) => r.label === 'Category Transfers')?.editable).toBe(false);
  });
});
