import { describe, expect, it } from 'vitest';
import { buildCategoryTree } from './category-tree.js';
import { filterOptions, pickerOptions } from './picker-options.js';
import { highlightTarget, pickerSections, type PickerEntry } from './picker-sections.js';

const tree = buildCategoryTree({
  groups: [
    { id: '1', name: 'System', type: 'SYSTEM', parentGroupId: null },
    { id: '2', name: 'NoGroup', type: 'NO GROUP', parentGroupId: null },
    { id: '3', name: 'Food', type: 'REGULAR', parentGroupId: null },
    { id: '4', name: 'Treats', type: 'REGULAR', parentGroupId: '3' },
  ],
  categories: [
    { id: '10', groupId: '1', name: 'Unassigned', type: 'UNASSIGNED', balance: 0 },
    { id: '11', groupId: '1', name: 'Funding Pool', type: 'FUNDING POOL', balance: 0 },
    { id: '12', groupId: '1', name: 'Account Transfer', type: 'ACCOUNT TRANSFER', balance: 0 },
    { id: '13', groupId: '1', name: 'Reserve', type: 'REGULAR', balance: 0 },
    { id: '20', groupId: '3', name: 'Groceries', type: 'REGULAR', balance: 0 },
    { id: '21', groupId: '3', name: 'Dining Out', type: 'REGULAR', balance: 0 },
    { id: '22', groupId: '4', name: 'Cake', type: 'REGULAR', balance: 0 },
    { id: '24', groupId: '3', name: 'Water', type: 'REGULAR', balance: 0 },
    { id: '30', groupId: '2', name: 'Books', type: 'REGULAR', balance: 0 },
  ],
});
const options = pickerOptions(tree);

/** Sections as "[heading or (path)] lines", stand-alone lines by their label. */
const outline = (entries: PickerEntry[]) =>
  entries.map((entry) => (entry.kind === 'option' ? entry.option.label : `[${entry.heading?.label ?? `(${entry.path})`}] ${entry.options.map((o) => o.label).join(', ')}`));

describe('category picker sections', () => {
  it('puts each group in a section after the system categories, a nested group in its own', () => {
    expect(outline(pickerSections(options))).toEqual([
      'Unassigned',
      'Funding Pool',
      'Reserve',
      'Account Transfer',
      'Books',
      '[Food] Dining Out, Groceries',
      '[Treats] Cake',
      '[(Food)] Water',
    ]);
  });

  it('keeps the headings of what a query matches', () => {
    expect(outline(pickerSections(filterOptions(options, 'fo:tr:ca')))).toEqual(['[Food] ', '[Treats] Cake']);
    expect(outline(pickerSections(filterOptions(options, 'gro')))).toEqual(['[Food] Groceries']);
    expect(pickerSections(filterOptions(options, 'xyz'))).toEqual([]);
  });

  it('highlights the first match after typing, the current category before', () => {
    expect(highlightTarget(filterOptions(options, 'dini'), 'dini', '10')).toBe('21');
    expect(highlightTarget(filterOptions(options, 'food'), 'food', null)).toBe('21');
    expect(highlightTarget(options, '', '20')).toBe('20');
    expect(highlightTarget(options, '', null)).toBeNull();
    expect(highlightTarget(filterOptions(options, 'xyz'), 'xyz', '20')).toBeNull();
  });
});
