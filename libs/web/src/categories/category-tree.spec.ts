import { describe, expect, it } from 'vitest';
import { buildCategoryTree, type GroupNode } from './category-tree.js';

const treeOf = buildCategoryTree;

const groups = [
  { id: '1', name: 'System', type: 'SYSTEM', hidden: false, parentGroupId: null },
  { id: '2', name: 'NoGroup', type: 'NO GROUP', hidden: false, parentGroupId: null },
  { id: '3', name: 'Food', type: 'REGULAR', hidden: false, parentGroupId: null },
  { id: '4', name: 'Snacks', type: 'REGULAR', hidden: false, parentGroupId: '3' },
  { id: '5', name: 'Car', type: 'REGULAR', hidden: false, parentGroupId: '2' },
];

const categories = [
  { id: '10', groupId: '1', name: 'Unassigned', type: 'UNASSIGNED', balance: -5.25 },
  { id: '11', groupId: '1', name: 'Funding Pool', type: 'FUNDING POOL', balance: 100 },
  { id: '12', groupId: '1', name: 'Account Transfer', type: 'ACCOUNT TRANSFER', balance: 0 },
  { id: '13', groupId: '1', name: 'Savings', type: 'REGULAR', balance: 7.10 },
  { id: '20', groupId: '3', name: 'Groceries', type: 'REGULAR', balance: 0.1 },
  { id: '21', groupId: '3', name: 'Dining Out', type: 'REGULAR', balance: 0.20 },
  { id: '22', groupId: '4', name: 'Chips', type: 'REGULAR', balance: 12.5 },
  { id: '30', groupId: '2', name: 'Entertainment', type: 'REGULAR', balance: -1.00 },
  { id: '31', groupId: '5', name: 'Gasoline', type: 'REGULAR', balance: 40 },
];

describe('buildCategoryTree', () => {
  const tree = treeOf({ groups, categories });

  it('picks out the three system categories with balances in cents', () => {
    expect(tree.unassigned).toMatchObject({ id: '10', balance: -525 });
    expect(tree.fundingPool).toMatchObject({ id: '11', balance: 10000 });
    expect(tree.accountTransfer).toMatchObject({ id: '12', balance: 0 });
  });

  it("keeps the system group's other categories as the funding pool's subcategories", () => {
    expect(tree.fundingPoolChildren.map((c) => c.name)).toEqual(['Savings']);
  });

  it('sorts groups and ungrouped categories together by name', () => {
    expect(tree.nodes.map((n) => n.name)).toEqual(['Car', 'Entertainment', 'Food']);
  });

  it('nests groups by parentGroupId and totals every category beneath, in exact cents', () => {
    const food = tree.nodes.find((n) => n.name === 'Food') as GroupNode;
    expect(food.children.map((n) => n.name)).toEqual(['Dining Out', 'Groceries', 'Snacks']);
    expect(food.total).toBe(30 + 1250);
  });

  it('names categories by their group path', () => {
    expect(tree.categories.get('22')?.path).toBe('Food:Snacks:Chips');
    expect(tree.categories.get('30')?.path).toBe('Entertainment');
    expect(tree.categories.get('10')?.path).toBe('Unassigned');
  });

  it('survives a parent cycle and shows orphans at the top', () => {
    const looped = treeOf({
      groups: [
        { id: '7', name: 'A', type: 'REGULAR', parentGroupId: '8' },
        { id: '8', name: 'B', type: 'REGULAR', parentGroupId: '7' },
        { id: '9', name: 'Lost', type: 'REGULAR', parentGroupId: '99' },
      ],
      categories: [{ id: '1', groupId: '42', name: 'Stray', type: 'REGULAR', balance: 1 }],
    });
    expect(looped.nodes.map((n) => n.name)).toEqual(['Lost', 'Stray']);
    expect(looped.unassigned).toBeNull();
  });
});

describe('buildCategoryTree with UUIDs', () => {
  it('keeps string ids such as UUIDs', () => {
    const uuid = 'b8b391d4-3dbb-4cf9-b7cc-6062b04069ee';
    const read = treeOf({
      groups: [{ id: uuid, name: 'Food', type: 'REGULAR', parentGroupId: null }],
      categories: [{ id: 'c-1', groupId: uuid, name: 'Groceries', type: 'REGULAR', balance: 1.00 }],
    });
    expect(read.categories.get('c-1')?.path).toBe('Food:Groceries');
  });
});
