import { describe, expect, it } from 'vitest';
import { buildCategoryTree } from './category-tree.js';
import { CLOSED, openPicker, pickerKey, typeQuery } from './picker-keys.js';
import { pickerOptions } from './picker-options.js';

const tree = buildCategoryTree({
  groups: [{ id: '3', name: 'Food', type: 'REGULAR', parentGroupId: null }],
  categories: [
    { id: '10', groupId: '1', name: 'Unassigned', type: 'UNASSIGNED', balance: 0 },
    { id: '20', groupId: '3', name: 'Groceries', type: 'REGULAR', balance: 0 },
    { id: '21', groupId: '3', name: 'Dining Out', type: 'REGULAR', balance: 0 },
  ],
});
const options = pickerOptions(tree);

describe('category picker keys', () => {
  it('opens with the current category highlighted, or the first one', () => {
    expect(pickerKey('ArrowDown', CLOSED, options, '20')).toMatchObject({ state: { query: '', highlight: 3 }, handled: true });
    expect(openPicker(options, null).highlight).toBe(0);
    expect(pickerKey('a', CLOSED, options, null)).toEqual({ state: CLOSED, chosen: null, handled: false });
  });

  it('confirms the highlighted match with Enter', () => {
    const typed = typeQuery(options, 'din');
    expect(pickerKey('Enter', typed, options, null)).toEqual({ state: CLOSED, chosen: '21', handled: true });
  });

  it('cancels with Escape without choosing, and keeps the key from the dialog', () => {
    expect(pickerKey('Escape', typeQuery(options, 'din'), options, '20')).toEqual({ state: CLOSED, chosen: null, handled: true });
  });

  it('confirms with Tab what was typed or moved to, and lets the focus move on', () => {
    expect(pickerKey('Tab', typeQuery(options, 'gro'), options, null)).toEqual({ state: CLOSED, chosen: '20', handled: false });
    expect(pickerKey('Tab', openPicker(options, null), options, null).chosen).toBeNull();
  });

  it('moves past group headings with the arrows', () => {
    const opened = openPicker(options, '10');
    const down = pickerKey('ArrowDown', opened, options, '10').state;
    expect(options[down.highlight]?.label).toBe('Dining Out');
    expect(pickerKey('ArrowUp', down, options, '10').state.highlight).toBe(0);
  });
});
