import { describe, expect, it } from 'vitest';
import { moneyDisplay, wireCents } from './money.js';

describe('wireCents', () => {
  it.each([
    [12.5, 1250],
    ['12.50', 1250],
    ['-12.50', -1250],
    [-0.07, -7],
    ['1234567.89', 123456789],
    [0, 0],
  ])('reads %j as %i cents', (input, cents) => {
    expect(wireCents(input)).toBe(cents);
  });

  it('is exact where float arithmetic is not', () => {
    expect(wireCents(0.1) + wireCents(0.2)).toBe(30);
  });

  it.each([null, undefined, 'abc', '1.2.3', {}])('counts the unreadable %j as 0', (input) => {
    expect(wireCents(input)).toBe(0);
  });
});

describe('moneyDisplay', () => {
  it.each([
    [0, '0.00', false],
    [5, '0.05', false],
    [123456, '1,234.56', false],
    [-123456, '-1,234.56', true],
    [100000000, '1,000,000.00', false],
  ])('shows %i cents as %s (negative: %s)', (cents, text, negative) => {
    expect(moneyDisplay(cents)).toEqual({ text, negative });
  });

  it('shows negative zero as 0.00 without the negative style', () => {
    expect(moneyDisplay(-0)).toEqual({ text: '0.00', negative: false });
  });
});
