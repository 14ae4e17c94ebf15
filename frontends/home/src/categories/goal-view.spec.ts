import { describe, expect, it } from 'vitest';
import { proposeGoalFunding } from '@budget/money';
import { goalFieldLabels, goalView, monthYear, type GoalFigures } from './goal-view.js';

const today = '2026-11-29';
const goal = (part: Partial<GoalFigures>): GoalFigures => ({ type: 'GOAL', target: 120_000, balance: 0, goalDate: '2027-12-01', recurrence: 1, today, ...part });

describe('goal field labels', () => {
  it('names the fields by what they mean for the type', () => {
    expect(goalFieldLabels('GOAL')).toEqual({ amount: 'Target', date: 'Target date' });
    expect(goalFieldLabels('BILL')).toEqual({ amount: 'Amount due', date: 'Due date' });
    expect(goalFieldLabels('REGULAR').amount).toBe('Monthly amount');
  });
});

describe('goalView: the monthly amount is libs/money’s proposeGoalFunding', () => {
  it('1,200.00 by Dec 2027 seen on Nov 29, 2026: 14 fundings (this month to the due month), 1,200 ÷ 14 = 85.714… rounded up to 85.72', () => {
    const view = goalView(goal({}));
    expect(view).toMatchObject({ monthly: 8572, toGo: 120_000, due: 'Dec 2027', monthsToGoal: 13, reached: false, percent: 0 });
    expect(view.sentence).toBe('Fund 85.72 a month to reach 1,200.00 by Dec 2027');
    expect(view.short).toBe('1,200.00 to go · 85.72 a month');
    // The same figure the server proposes and the Fund dialog shows.
    expect(view.monthly).toBe(proposeGoalFunding({ target: 120_000, balanceAtMonthStart: 0, goalDate: '2027-12-01', recurrence: 1, month: today }).amount);
  });

  it('counts what is already there: 450.00 of 1,200.00 due Feb 2027 leaves 750.00 over 4 fundings, 187.50 a month', () => {
    const view = goalView(goal({ balance: 45_000, goalDate: '2027-02-15' }));
    expect(view).toMatchObject({ monthly: 18_750, toGo: 75_000, percent: 37, valueText: '450.00 of 1,200.00' });
    expect(view.short).toBe('750.00 to go · 187.50 a month');
  });

  it('rounds up to the cent, so the goal is never a cent short: 100.00 over 3 fundings is 33.34', () => {
    expect(goalView(goal({ target: 10_000, goalDate: '2027-01-01' })).monthly).toBe(3334);
  });

  it('a past date asks for the whole remainder this month', () => {
    const view = goalView(goal({ balance: 20_000, goalDate: '2026-03-01' }));
    expect(view).toMatchObject({ monthly: 100_000, toGo: 100_000, monthsToGoal: 0, due: 'Nov 2026' });
    expect(view.sentence).toBe('Fund 1,000.00 this month to reach 1,200.00 by Nov 2026');
  });

  it('a balance at or above the target needs nothing more and fills the bar', () => {
    for (const balance of [120_000, 150_000]) {
      const view = goalView(goal({ balance }));
      expect(view).toMatchObject({ monthly: 0, toGo: 0, reached: true, percent: 100, short: 'Reached' });
      expect(view.sentence).toBe('1,200.00 reached: nothing more to fund');
    }
  });

  it('a blank date is the first day of next month: this month and next share the target', () => {
    for (const goalDate of ['', null]) {
      expect(goalView(goal({ goalDate }))).toMatchObject({ due: 'Dec 2026', monthsToGoal: 1, monthly: 60_000 });
    }
  });

  it('clamps the bar to 0–100 %, rounding down so only a reached goal is full', () => {
    expect(goalView(goal({ balance: -5_000 }))).toMatchObject({ percent: 0, valueText: '-50.00 of 1,200.00', toGo: 125_000 });
    expect(goalView(goal({ balance: 119_999 })).percent).toBe(99);
    expect(goalView(goal({ balance: 60_000 })).percent).toBe(50);
  });

  it('says a bill’s amount is had by its due date, and reads a typed recurrence (blank counts as 1)', () => {
    expect(goalView(goal({ type: 'BILL', goalDate: '2027-01-08', target: 90_000, recurrence: '' })).sentence).toBe('Fund 300.00 a month to have 900.00 by Jan 2027');
    // Every 3 months, last due Aug 2026: rolled forward to Nov 2026 (rule 18), so due this month.
    expect(goalView(goal({ type: 'BILL', goalDate: '2026-08-08', target: 90_000, recurrence: '3' })).sentence).toBe('Fund 900.00 this month to have 900.00 by Nov 2026');
  });

  it('names months without time zones', () => {
    expect(monthYear('2027-12-01')).toBe('Dec 2027');
    expect(monthYear('2026-01-31')).toBe('Jan 2026');
  });
});
