import { describe, expect, it } from 'vitest';
import { buildCategoryTree } from './category-tree.js';
import { filterOptions, matchesParts, optionText, pickerOptions, queryParts } from './picker-options.js';

const tree = buildCategoryTree({
  groups: [
    { id: '1', name: 'System', type: 'SYSTEM', parentGroupId: null },
    { id: '2', name: 'NoGroup', type: 'NO GROUP', parentGroupId: null },
    { id: '3', name: 'Food', type: 'REGULAR', parentGroupId: null },
    { id: '4', name: 'Treats', type: 'REGULAR', parentGroupId: '3' },
    { id: '5', name: 'Home', type: 'REGULAR', parentGroupId: null },
  ],
  categories: [
    { id: '10', groupId: '1', name: 'Unassigned', type: 'UNASSIGNED', balance: 0 },
    { id: '11', groupId: '1', name: 'Funding Pool', type: 'FUNDING POOL', balance: 0 },
    { id: '12', groupId: '1', name: 'Account Transfer', type: 'ACCOUNT TRANSFER', balance: 0 },
    { id: '13', groupId: '1', name: 'Reserve', type: 'REGULAR', balance: 0 },
    { id: '20', groupId: '3', name: 'Groceries', type: 'REGULAR', balance: 0 },
    { id: '21', groupId: '3', name: 'Dining Out', type: 'REGULAR', balance: 0 },
    { id: '22', groupId: '4', name: 'Cake', type: 'REGULAR', balance: 0 },
    { id: '23', groupId: '5', name: 'Food Storage', type: 'REGULAR', balance: 0 },
    { id: '30', groupId: '2', name: 'Books', type: 'REGULAR', balance: 0 },
  ],
});

const options = pickerOptions(tree);
const labels = (query: string) => filterOptions(options, query).map((o) => `${'  '.repeat(o.level)}${o.label}`);

describe('category picker options', () => {
  it('offers the system categories first, then the tree with levels', () => {
    expect(labels('')).toEqual([
      'Unassigned', 'Funding Pool', '  Reserve', 'Account Transfer',
      'Books', 'Food', '  Dining Out', '  Groceries', '  Treats', '    Cake', 'Home', '  Food Storage',
    ]);
    expect(options.find((o) => o.label === 'Food')?.id).toBeNull();
  });

  it("filters by 'group:category' parts, keeping the headings of what matches", () => {
    expect(labels('gro')).toEqual(['Food', '  Groceries']);
    expect(labels('fo:gro')).toEqual(['Food', '  Groceries']);
    expect(labels('food')).toEqual(['Food', '  Dining Out', '  Groceries', '  Treats', '    Cake', 'Home', '  Food Storage']);
    expect(labels('food:')).toEqual(labels('food'));
    expect(labels('home:food')).toEqual(['Home', '  Food Storage']);
    expect(labels('fo:tr:ca')).toEqual(['Food', '  Treats', '    Cake']);
    expect(labels('treats:gro')).toEqual([]);
    expect(labels('UNASS')).toEqual(['Unassigned']);
  });

  it('matches group parts in order, never the category name itself', () => {
    expect(matchesParts(['Food', 'Groceries'], ['gro', 'gro'])).toBe(false);
    expect(matchesParts(['Food', 'Treats', 'Cake'], ['tr', 'cake'])).toBe(true);
    expect(matchesParts(['Food', 'Treats', 'Cake'], ['tr', 'fo', 'cake'])).toBe(false);
    expect(queryParts(' Fo : gro ')).toEqual(['fo', 'gro']);
  });

  it('shows a chosen category by its path', () => {
    expect(optionText(options.find((o) => o.label === 'Cake'))).toBe('Food:Treats:Cake');
    expect(optionText(undefined)).toBe('');
  });
});
