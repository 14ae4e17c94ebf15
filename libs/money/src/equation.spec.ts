import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateEquation } from './equation.js';

describe('evaluateEquation', () => {
  it.each([
    ['=30+15.67', 4567],
    ['30 + 15.67', 4567],
    ['-(10 - 2.5) * 2', -1500],
    ['--5', 500],
    ['10 / 3', 333],
    ['20 / 3', 667],
    ['-20 / 3', -667],
    ['0.1 + 0.2', 30],
    ['(1 + 2) * (3 + 4)', 2100],
    ['.5', 50],
    ['1,000 / 8', 12500],
    ['2 * -3', -600],
    ['$10 + $2.50', 1250],
  ])('%s = %i cents', (text, cents) => {
    expect(evaluateEquation(text)).toEqual({ ok: true, cents });
  });

  it.each([
    ['1.2.3', 'A number has more than one decimal point'],
    ['1 +', 'Missing number'],
    ['(1 + 2', 'Missing closing parenthesis'],
    ['4 / 0', 'Division by zero'],
    ['abc', 'Unexpected "a"'],
    ['', 'Missing number'],
    ['1,00 + 1', 'Use a point for cents and commas only between groups of three digits, e.g. 1,234.56.'],
    ['12,3456', 'Use a point for cents and commas only between groups of three digits, e.g. 1,234.56.'],
  ])('%s is an error (%s)', (text, error) => {
    expect(evaluateEquation(text)).toEqual({ ok: false, error });
  });

  it('sums of cents amounts are exact, whatever the terms', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e9, max: 1e9 }), { minLength: 1, maxLength: 12 }), (terms) => {
        const text = terms.map((c) => `(${(c < 0 ? '-' : '') + Math.trunc(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')})`).join(' + ');
        expect(evaluateEquation(text)).toEqual({ ok: true, cents: terms.reduce((a, b) => a + b, 0) });
      }),
      { numRuns: 1000 },
    );
  });

  it('a product then the inverse division gives the amount back', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 1, max: 1000 }), (cents, k) => {
        const dollars = `${cents < 0 ? '-' : ''}${Math.trunc(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
        expect(evaluateEquation(`${dollars} * ${k} / ${k}`)).toEqual({ ok: true, cents: cents === 0 ? 0 : cents });
      }),
      { numRuns: 1000 },
    );
  });
});
