import { describe, expect, test } from 'vitest';
import { addMonths, defaultGoalDate, firstOfNextMonth, monthsBetween, nextDueDate } from './goal-dates.js';
import { proposeGoalFunding } from './goal.js';

describe('goal dates', () => {
  test('whole calendar months between two dates, whatever the days', () => {
    expect(monthsBetween('2025-07-31', '2025-12-01')).toBe(5);
    expect(monthsBetween('2025-07-01', '2025-03-15')).toBe(-4);
    expect(monthsBetween('2024-12-15', '2025-01-01')).toBe(1);
  });

  test('adding months clamps the day to the month end', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-11-15', 3)).toBe('2026-02-15');
  });

  test('rule 18: a goal of 2025-03 every 6 months seen in 2025-07 is next due 2025-09', () => {
    expect(nextDueDate('2025-03-10', '2025-07-14', 6)).toBe('2025-09-10');
    expect(nextDueDate('2025-07-01', '2025-07-14', 6)).toBe('2025-07-01');
    expect(nextDueDate('2025-01-20', '2025-07-14', 1)).toBe('2025-07-20');
  });

  test('defaults: a blank goal is the first of next month; a new category is due one recurrence ahead', () => {
    expect(firstOfNextMonth('2025-12-14')).toBe('2026-01-01');
    expect(defaultGoalDate('2025-07-14', 1)).toBe('2025-08-01');
    expect(defaultGoalDate('2025-07-14', 12)).toBe('2026-07-01');
  });
});

describe('proposeGoalFunding (rule 18)', () => {
  test('target 600, recurrence 12, goal 2025-12, seen 2025-07 with 200 at month start → 400 ÷ 6 = 66.67, planned 50.00, adjusted', () => {
    expect(proposeGoalFunding({ target: 60000, balanceAtMonthStart: 20000, goalDate: '2025-12-01', recurrence: 12, month: '2025-07-14' })).toEqual({
      amount: 6667,
      planned: 5000,
      adjusted: true,
      dueMonth: '2025-12-01',
      monthsToGoal: 5,
    });
  });

  test('a past goal rolls forward whole recurrences before dividing', () => {
    const proposal = proposeGoalFunding({ target: 60000, balanceAtMonthStart: 0, goalDate: '2025-03-01', recurrence: 6, month: '2025-07-01' });
    expect(proposal).toMatchObject({ dueMonth: '2025-09-01', monthsToGoal: 2, amount: 20000 });
  });

  test('nothing is proposed when the balance already covers the target', () => {
    expect(proposeGoalFunding({ target: 10000, balanceAtMonthStart: 12000, goalDate: '2025-09-01', recurrence: 3, month: '2025-07-01' }).amount).toBe(0);
  });

  test('the amount is rounded up to the cent, so the goal is never a cent short', () => {
    const proposal = proposeGoalFunding({ target: 10000, balanceAtMonthStart: 0, goalDate: '2025-09-01', recurrence: 3, month: '2025-07-01' });
    expect(proposal).toMatchObject({ amount: 3334, planned: 3334, adjusted: false });
  });

  test('a blank goal date means the first of next month: two fundings to go', () => {
    expect(proposeGoalFunding({ target: 10000, balanceAtMonthStart: 0, goalDate: null, recurrence: 1, month: '2025-07-20' })).toMatchObject({
      dueMonth: '2025-08-01',
      amount: 5000,
    });
  });
});
