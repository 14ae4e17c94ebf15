import { describe, expect, it } from 'vitest';
import { formatMoney, isNegative } from './format-money.js';

describe('formatMoney', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [123456, '1,234.56'],
    [-123456, '-1,234.56'],
    [100000000, '1,000,000.00'],
    [-5, '-0.05'],
    [99, '0.99'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('shows negative zero as 0.00 without the negative style', () => {
    expect(formatMoney(-0)).toBe('0.00');
    expect(isNegative(-0)).toBe(false);
    expect(isNegative(-1)).toBe(true);
  });

  it('refuses fractional cents', () => {
    expect(() => formatMoney(1.5)).toThrow('cents must be an integer');
  });
});
