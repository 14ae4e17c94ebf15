import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { amountForFlow, flowOf, withFlow } from './flow.js';

describe('outflow and inflow', () => {
  test('a new transaction is an outflow; a stored one shows its sign', () => {
    expect(flowOf(null)).toBe('outflow');
    expect(flowOf(0)).toBe('outflow');
    expect(flowOf(-4500)).toBe('outflow');
    expect(flowOf(4500)).toBe('inflow');
  });

  test('"=12*3" as an outflow is −36.00; as an inflow 36.00; a typed minus is always money out', () => {
    expect(amountForFlow(3600, 'outflow')).toEqual({ amount: -3600, flow: 'outflow' });
    expect(amountForFlow(3600, 'inflow')).toEqual({ amount: 3600, flow: 'inflow' });
    expect(amountForFlow(-3600, 'inflow')).toEqual({ amount: -3600, flow: 'outflow' });
    expect(Object.is(amountForFlow(0, 'outflow').amount, 0)).toBe(true);
  });

  test('property: the toggle keeps the money and sets only the sign, in integer cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000_000, max: 10_000_000_000_000 }), (cents) => {
        expect(Math.abs(withFlow(cents, 'outflow'))).toBe(Math.abs(cents));
        expect(withFlow(cents, 'outflow')).toBeLessThanOrEqual(0);
        expect(withFlow(cents, 'inflow')).toBeGreaterThanOrEqual(0);
        expect(Object.is(withFlow(0, 'outflow'), 0)).toBe(true);
        expect(flowOf(withFlow(cents, 'inflow')) === 'inflow' || cents === 0).toBe(true);
      }),
    );
  });
});
