import { describe, expect, it } from 'vitest';
import { pickerTree as tree } from './category-tree.testing.js';
import { filterOptions, matchesParts, optionText, pickerOptions, queryParts } from './picker-options.js';

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
