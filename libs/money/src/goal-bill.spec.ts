import { describe, expect, it } from 'vitest';
import { proposeGoalFunding } from './goal.js';

/**
 * "The bill at half": a monthly bill due in 10 days, funded in the month before the one it is due
 * in, is proposed half of its amount. That is server-behaviour §4.4.4 (rule 18) as written — the
 * funded month and the due month both count (÷ (m + 1)) — so the maths stays; the proposal is
 * `adjusted` and the Fund dialog shows its reason beside the amount (docs/architecture.md §9.3).
 */
describe('a monthly bill due in the next month', () => {
  it('funded on Nov 28 for a bill due Dec 8: m = 1, so half of it, adjusted (planned is the whole bill)', () => {
    const bill = proposeGoalFunding({ target: 120_000, balanceAtMonthStart: 0, goalDate: '2026-12-08', recurrence: 1, month: '2026-11-28' });
    expect(bill).toEqual({ amount: 60_000, planned: 120_000, adjusted: true, dueMonth: '2026-12-01', monthsToGoal: 1 });
  });

  it('funded in the month it is due: the whole bill, not adjusted', () => {
    const bill = proposeGoalFunding({ target: 120_000, balanceAtMonthStart: 0, goalDate: '2026-12-08', recurrence: 1, month: '2026-12-01' });
    expect(bill).toMatchObject({ amount: 120_000, planned: 120_000, adjusted: false, monthsToGoal: 0 });
  });

  it('half already set aside at the start of the month: the other half', () => {
    const bill = proposeGoalFunding({ target: 120_001, balanceAtMonthStart: 60_000, goalDate: '2026-12-08', recurrence: 1, month: '2026-12-01' });
    expect(bill.amount).toBe(60_001);
  });

  it('an odd amount split over two months rounds up, never a cent short', () => {
    const bill = proposeGoalFunding({ target: 10_001, balanceAtMonthStart: 0, goalDate: '2026-12-08', recurrence: 1, month: '2026-11-02' });
    expect(bill.amount * 2).toBeGreaterThanOrEqual(10_001);
    expect(bill.amount).toBe(5001);
  });
});
