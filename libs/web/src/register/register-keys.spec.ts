import { describe, expect, it } from 'vitest';
import { amountColumnChars, registerKey, withActiveRow } from './register-keys.js';

describe('register keys', () => {
  it('moves one row with the arrows, never past the ends', () => {
    expect(registerKey('ArrowDown', 3, 10, 8)).toEqual({ move: 4 });
    expect(registerKey('ArrowUp', 3, 10, 8)).toEqual({ move: 2 });
    expect(registerKey('ArrowDown', 9, 10, 8)).toEqual({ move: 9 });
    expect(registerKey('ArrowUp', 0, 10, 8)).toEqual({ move: 0 });
  });

  it('moves a screenful with PageUp/PageDown and to the ends with Home/End', () => {
    expect(registerKey('PageDown', 3, 30, 8)).toEqual({ move: 11 });
    expect(registerKey('PageDown', 25, 30, 8)).toEqual({ move: 29 });
    expect(registerKey('PageUp', 5, 30, 8)).toEqual({ move: 0 });
    expect(registerKey('PageDown', 0, 30, 0)).toEqual({ move: 1 });
    expect(registerKey('Home', 17, 30, 8)).toEqual({ move: 0 });
    expect(registerKey('End', 2, 30, 8)).toEqual({ move: 29 });
  });

  it('opens the row on Enter or Space; other keys and an empty register do nothing', () => {
    expect(registerKey('Enter', 3, 10, 8)).toEqual({ open: true });
    expect(registerKey(' ', 3, 10, 8)).toEqual({ open: true });
    expect(registerKey('a', 3, 10, 8)).toBeNull();
    expect(registerKey('ArrowDown', 0, 0, 8)).toBeNull();
  });

  it('always draws the row holding the focus', () => {
    expect(withActiveRow([10, 11, 12], 2, 50)).toEqual([2, 10, 11, 12]);
    expect(withActiveRow([10, 11, 12], 11, 50)).toEqual([10, 11, 12]);
    expect(withActiveRow([0, 1], 7, 2)).toEqual([0, 1]);
  });

  it('widens the amount columns for the longest amount or balance', () => {
    expect(amountColumnChars([])).toBe(11);
    expect(amountColumnChars([{ amount: -12_34, balance: 5_00 }])).toBe(11);
    // -99,999,999.99 is 14 characters; a balance of 1,234,567,890.12 is 16.
    expect(amountColumnChars([{ amount: -9_999_999_999, balance: null }])).toBe(14);
    expect(amountColumnChars([{ amount: 1, balance: 123_456_789_012 }])).toBe(16);
  });
});
