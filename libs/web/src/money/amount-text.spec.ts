import { describe, expect, it } from 'vitest';
import { amountFromText, amountText, applyEquation } from './amount-text.js';

describe('amount field text', () => {
  it('reads plain amounts, arithmetic, and anything else as 0', () => {
    expect(amountFromText('-45.67')).toBe(-4567);
    expect(amountFromText('1,234.5')).toBe(123450);
    expect(amountFromText('30+15.67')).toBe(4567);
    expect(amountFromText('abc')).toBe(0);
    expect(amountFromText('')).toBe(0);
  });

  it('writes cents as an editable decimal, negative zero as 0.00', () => {
    expect(amountText(-4567)).toBe('-45.67');
    expect(amountText(-0)).toBe('0.00');
    expect(amountText(123450)).toBe('1234.50');
  });

  it('applies an equation with + - * / parentheses and unary minus', () => {
    expect(applyEquation('=30+15.67', 0)).toEqual({ cents: 4567, error: null });
    expect(applyEquation('-(30+15.67)', 0)).toEqual({ cents: -4567, error: null });
    expect(applyEquation('10/3*2', 0)).toEqual({ cents: 667, error: null });
  });

  it('keeps the prior value and reports a parse error', () => {
    expect(applyEquation('1.2.3+4', 999)).toEqual({ cents: 999, error: 'A number has more than one decimal point' });
    expect(applyEquation('(1+2', 5).error).toBe('Missing closing parenthesis');
  });
});
