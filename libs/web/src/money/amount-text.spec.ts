import { AMOUNT_MESSAGES } from '@budget/money';
import { describe, expect, it } from 'vitest';
import { amountFromText, amountText, applyEquation } from './amount-text.js';
import { typedState } from './AmountInput.js';
import { withFieldReport } from './amount-validity.js';

describe('amount field text', () => {
  it('reads plain amounts as people type them, and arithmetic', () => {
    expect(amountFromText('-45.67')).toEqual({ ok: true, cents: -4567 });
    expect(amountFromText('1,234.5')).toEqual({ ok: true, cents: 123450 });
    expect(amountFromText('$45')).toEqual({ ok: true, cents: 4500 });
    expect(amountFromText('+45')).toEqual({ ok: true, cents: 4500 });
    expect(amountFromText('1 000')).toEqual({ ok: true, cents: 100000 });
    expect(amountFromText('(45.00)')).toEqual({ ok: true, cents: -4500 });
    expect(amountFromText('30+15.67')).toEqual({ ok: true, cents: 4567 });
    expect(amountFromText('')).toEqual({ ok: true, cents: 0 });
  });

  it.each([
    ['12abc', AMOUNT_MESSAGES.unreadable],
    ['1e5', AMOUNT_MESSAGES.exponent],
    ['12.3.4', 'A number has more than one decimal point'],
    ['99999999999999', AMOUNT_MESSAGES.tooLarge],
    ['1,234.567', AMOUNT_MESSAGES.decimals],
  ])('never reads %j as 0.00: it is refused (%s)', (text, error) => {
    expect(amountFromText(text)).toEqual({ ok: false, error });
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

  it('keeps the prior value and reports a parse error or an amount beyond the bound', () => {
    expect(applyEquation('1.2.3+4', 999)).toEqual({ cents: 999, error: 'A number has more than one decimal point' });
    expect(applyEquation('(1+2', 5).error).toBe('Missing closing parenthesis');
    expect(applyEquation('99999999999 * 2', 5)).toEqual({ cents: 5, error: AMOUNT_MESSAGES.tooLarge });
  });
});

describe('what an amount field shows and reports', () => {
  const typed = (text: string, base: number) => ({ text, read: amountFromText(text), base });

  it.each(['12abc', '1e5', '12.3.4', '99999999999999', '1,234.567'])('keeps unreadable %j as typed, focused or not, and reports it', (text) => {
    for (const focused of [true, false]) {
      const shown = typedState(typed(text, 1200), 1200, focused);
      expect(shown.text).toBe(text);
      expect(shown.unreadable).toBe((amountFromText(text) as { error: string }).error);
    }
  });

  it('shows readable text while editing and the amount it reads as once left', () => {
    expect(typedState(typed('$1 000', 100000), 100000, true)).toEqual({ text: '$1 000', unreadable: null });
    expect(typedState(typed('$1 000', 100000), 100000, false)).toEqual({ text: '1000.00', unreadable: null });
    expect(typedState(null, -4500, false)).toEqual({ text: '-45.00', unreadable: null });
  });

  it('drops unreadable text once the value is set from outside (e.g. a proposal)', () => {
    expect(typedState(typed('12abc', 0), 5000, false)).toEqual({ text: '50.00', unreadable: null });
  });
});

describe('a dialog blocks Save while an amount field is unreadable', () => {
  it('counts each field once and forgets it when it reads again', () => {
    const empty: ReadonlySet<string> = new Set();
    const one = withFieldReport(empty, 'a', true);
    expect([...one]).toEqual(['a']);
    expect(withFieldReport(one, 'a', true)).toBe(one);
    const two = withFieldReport(one, 'b', true);
    expect(two.size).toBe(2);
    expect(withFieldReport(withFieldReport(two, 'a', false), 'b', false).size).toBe(0);
    expect(withFieldReport(empty, 'a', false)).toBe(empty);
  });
});
