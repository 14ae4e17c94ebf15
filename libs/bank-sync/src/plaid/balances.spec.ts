import { describe, expect, it } from 'vitest';
import { plaidBalanceCents, plaidCents } from './balances.js';

describe('Plaid amounts in cents', () => {
  it('reads a JSON number as its two-decimal text, the double\'s own error forgiven', () => {
    expect(plaidCents(12.34)).toBe(1234);
    expect(plaidCents(0.1 + 0.2)).toBe(30);
    expect(plaidCents(99_999_999_999.99)).toBe(9_999_999_999_999);
    expect(plaidCents(-0.1)).toBe(-10);
    expect(plaidCents(1019.99)).toBe(101999);
  });

  it('refuses what is not dollars and cents instead of rounding it into money', () => {
    expect(() => plaidCents(12.345)).toThrow(/not an amount of dollars and cents/);
    expect(() => plaidCents(0.125)).toThrow();
    expect(() => plaidCents(Number.NaN)).toThrow();
    expect(() => plaidCents(1e21)).toThrow();
  });

  it('negates what credit and loan accounts owe, never giving -0', () => {
    expect(plaidBalanceCents('loan', { current: 50669 })).toBe(-5066900);
    expect(plaidBalanceCents('credit', { current: null, available: 0 })).toBe(0);
    expect(Object.is(plaidBalanceCents('credit', { current: 0 }), 0)).toBe(true);
    expect(plaidBalanceCents('depository', { current: null, available: 12.5 })).toBe(1250);
  });
});
