import { describe, expect, it } from 'vitest';
import { sumCents, toCents } from './cents.js';

describe('toCents', () => {
  it.each([
    [12.5, 1250],
    ['12.50', 1250],
    ['-12.50', -1250],
    [0, 0],
    ['0.00', 0],
    ['-0.00', 0],
    [-0.07, -7],
    ['1234567.89', 123456789],
    ['.5', 50],
    ['7', 700],
    ['+3.1', 310],
    [1e-7, 0],
    ['1.005', 101],
    ['-1.005', -101],
    [0.1, 10],
  ])('reads %s as %i cents', (input, cents) => {
    expect(toCents(input)).toBe(cents);
  });

  it('is exact where float arithmetic is not', () => {
    expect(toCents(0.1) + toCents(0.2)).toBe(30);
    expect(toCents('19.99') * 3).toBe(5997);
  });

  it.each(['', 'abc', '1.2.3', '-', '1,000.00'])('refuses %j', (input) => {
    expect(() => toCents(input)).toThrow('not a decimal amount');
  });
});

describe('sumCents', () => {
  it('adds integer cents', () => {
    expect(sumCents([toCents('0.10'), toCents('0.20'), toCents('-0.05')])).toBe(25);
    expect(sumCents([])).toBe(0);
  });
});
