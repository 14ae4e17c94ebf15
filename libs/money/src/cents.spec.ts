import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDecimalString, dollarsFromCents, formatCents, parseDollars } from './cents.js';

describe('parseDollars', () => {
  it.each([
    ['12.34', 1234],
    ['-12.3', -1230],
    [12.34, 1234],
    [-0.01, -1],
    ['1,234.56', 123456],
    ['0', 0],
    ['-0.00', 0],
  ])('reads %s as %i cents', (input, cents) => {
    expect(parseDollars(input)).toBe(cents);
  });

  it.each([['12.345'], ['abc'], [''], [Number.NaN], [Number.POSITIVE_INFINITY], ['1.2.3'], [null], [{}], [1e21]])('rejects %s', (input) => {
    expect(parseDollars(input)).toBeNull();
  });

  it('round-trips every cents value through the wire form', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(parseDollars(dollarsFromCents(cents))).toBe(cents);
        expect(parseDollars(centsToDecimalString(cents))).toBe(cents);
        expect(parseDollars(formatCents(cents))).toBe(cents);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatCents', () => {
  it('uses thousands separators, two decimals and a minus for negatives', () => {
    expect(formatCents(123456789)).toBe('1,234,567.89');
    expect(formatCents(-4567)).toBe('-45.67');
    expect(formatCents(5)).toBe('0.05');
  });
  it('shows negative zero as 0.00', () => {
    expect(formatCents(-0)).toBe('0.00');
  });
});
