import { describe, expect, it } from 'vitest';
import { emptySelection, extendTo, keepLoaded, toggleAll, toggleRow, type SelectionState } from './register-selection.js';

const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
const picked = (state: SelectionState) => ids.filter((id) => state.selected.has(id));

describe('register selection (bulk actions)', () => {
  it('a click toggles one row and makes it the anchor; Shift-click selects the range from the anchor', () => {
    const one = toggleRow(emptySelection, ids, 1);
    expect(picked(one)).toEqual(['b']);
    const range = extendTo(one, ids, 4);
    expect(picked(range)).toEqual(['b', 'c', 'd', 'e']);
    expect(range.anchor).toBe(1);
    // Upwards from the anchor too, and shrinking a range does not unselect what was outside it.
    expect(picked(extendTo(range, ids, 0))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('a range from an unselected anchor unselects; without an anchor it selects just the row', () => {
    const all = toggleAll(emptySelection, ids);
    const off = toggleRow(all, ids, 2);
    expect(picked(extendTo(off, ids, 4))).toEqual(['a', 'b', 'f']);
    expect(picked(extendTo(emptySelection, ids, 3))).toEqual(['d']);
  });

  it('select all toggles every row; rows that left the register leave the selection', () => {
    const all = toggleAll(emptySelection, ids);
    expect(picked(all)).toEqual(ids);
    expect(picked(toggleAll(all, ids))).toEqual([]);
    expect([...keepLoaded(all, ['a', 'c']).selected]).toEqual(['a', 'c']);
    expect(keepLoaded(all, ids)).toBe(all);
  });

  it('indexes out of range change nothing', () => {
    expect(toggleRow(emptySelection, ids, 9)).toBe(emptySelection);
    expect(extendTo(emptySelection, ids, -1)).toBe(emptySelection);
  });
});
