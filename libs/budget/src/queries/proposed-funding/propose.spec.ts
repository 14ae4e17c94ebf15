import { describe, expect, test } from 'vitest';
import type { PlanCategory } from '../plan-categories.sql.js';
import { proposeFor } from './propose.js';

const category = (fields: Partial<PlanCategory>): PlanCategory => ({
  id: 'c1',
  fundingAmount: 0,
  includeFundingTransfers: false,
  useGoal: false,
  goalDate: null,
  recurrence: 1,
  fundingCategories: [],
  suspended: false,
  ...fields,
});

describe('the proposal is what the month still needs after the fundings already dated in it', () => {
  test('a plan of 400.00: nothing funded → 400.00; 150.00 funded → 250.00; all funded → 0; over-funded → 0, never negative', () => {
    const groceries = category({ fundingAmount: 40000 });
    expect(proposeFor(groceries, 0, 0, '2025-08-14')).toMatchObject({ amount: 400, due: 400, funded: 0 });
    expect(proposeFor(groceries, 0, 15000, '2025-08-14')).toMatchObject({ amount: 250, due: 400, funded: 150 });
    expect(proposeFor(groceries, 0, 40000, '2025-08-14')).toMatchObject({ amount: 0, due: 400, funded: 400 });
    expect(proposeFor(groceries, 0, 52500, '2025-08-14')).toMatchObject({ amount: 0, due: 400, funded: 525 });
  });

  test('cents stay exact: a plan of 0.30 with 0.10 and 0.10 funded (0.20) leaves 0.10, not 0.09999…', () => {
    expect(proposeFor(category({ fundingAmount: 30 }), 0, 20, '2025-08-01').amount).toBe(0.1);
  });

  test('rule 18 goal: 600.00 by 2025-12 with 200.00 at the start of July asks 66.67; 50.00 funded in July leaves 16.67', () => {
    const trip = category({ fundingAmount: 60000, useGoal: true, goalDate: '2025-12-01', recurrence: 12 });
    // (600 − 200) ÷ (5 months to December + 1) = 66.666… → 66.67 (rounded up to the cent).
    expect(proposeFor(trip, 20000, 0, '2025-07-14')).toMatchObject({ amount: 66.67, due: 66.67, funded: 0, adjusted: true });
    expect(proposeFor(trip, 20000, 5000, '2025-07-14')).toMatchObject({ amount: 16.67, due: 66.67, funded: 50 });
    // The month-start balance does not include July's fundings: funding 66.67 in July proposes 0, not a smaller share again.
    expect(proposeFor(trip, 20000, 6667, '2025-07-31')).toMatchObject({ amount: 0, due: 66.67 });
  });

  test('a goal already met at the month start asks nothing, whatever was funded', () => {
    const met = category({ fundingAmount: 60000, useGoal: true, goalDate: '2025-12-01', recurrence: 12 });
    expect(proposeFor(met, 60000, 0, '2025-07-14')).toMatchObject({ amount: 0, due: 0 });
    expect(proposeFor(met, 70000, 1000, '2025-07-14')).toMatchObject({ amount: 0, due: 0, funded: 10 });
  });

  test('a past goal rolls forward: bill 600.00 every 6 months due 2025-03, seen in July → due September: 600 ÷ 3 = 200.00, less 120.00 funded = 80.00', () => {
    const bill = category({ fundingAmount: 60000, useGoal: true, goalDate: '2025-03-01', recurrence: 6 });
    expect(proposeFor(bill, 0, 0, '2025-07-02')).toMatchObject({ amount: 200, adjustedReason: expect.stringContaining('September 2025') });
    expect(proposeFor(bill, 0, 12000, '2025-07-02')).toMatchObject({ amount: 80, due: 200, funded: 120 });
  });

  test('a suspended category is asked for nothing, goal or not; what it was funded is still reported', () => {
    expect(proposeFor(category({ fundingAmount: 40000, suspended: true }), 0, 1000, '2025-08-14')).toMatchObject({ amount: 0, due: 0, funded: 10 });
    expect(proposeFor(category({ fundingAmount: 60000, useGoal: true, goalDate: '2025-12-01', suspended: true }), 0, 0, '2025-08-14')).toMatchObject({ amount: 0 });
  });
});
