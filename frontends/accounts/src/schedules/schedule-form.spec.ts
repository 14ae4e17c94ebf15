import { describe, expect, it } from 'vitest';
import type { ScheduleView } from '@budget/contracts';
import { newScheduleForm, recurrenceText, scheduleBody, scheduleFormFrom, validateSchedule } from './schedule-form.js';

describe('schedule form', () => {
  const filled = { ...newScheduleForm('2026-11-28', 'acc'), name: ' Rent ', amount: '-1200.50', categoryId: 'cat', dayOfMonth: '31' };

  it('sends the amount as decimal text with one split of the whole amount, the day of month for months only', () => {
    expect(scheduleBody(filled)).toEqual({
      accountId: 'acc', name: 'Rent', amount: '-1200.50', categories: [{ categoryId: 'cat', amount: '-1200.50' }],
      every: 1, unit: 'month', startDate: '2026-11-28', dayOfMonth: 31, endDate: null, billId: null,
    });
    expect(scheduleBody({ ...filled, billId: 'bill' })).toMatchObject({ billId: 'bill' });
    expect(scheduleBody({ ...filled, unit: 'week', categoryId: '' })).toMatchObject({ dayOfMonth: null, categories: [] });
  });

  it('finds what the server would refuse', () => {
    expect(validateSchedule(filled)).toEqual({});
    expect(Object.keys(validateSchedule({ ...filled, name: ' ', amount: '1.234', every: '0', endDate: '2026-01-01', dayOfMonth: '32', accountId: '' })).sort()).toEqual(
      ['accountId', 'amount', 'dayOfMonth', 'endDate', 'every', 'name'],
    );
  });

  it('says the recurrence in words', () => {
    expect(recurrenceText({ every: 1, unit: 'month', dayOfMonth: null, startDate: '2026-01-31', endDate: null })).toBe('Every month on day 31');
    expect(recurrenceText({ every: 2, unit: 'week', dayOfMonth: null, startDate: '2026-01-31', endDate: '2026-12-31' })).toBe('Every 2 weeks until 2026-12-31');
  });

  it('shows a stored amount as exact decimal text through its cents', () => {
    const stored = (amount: number) => ({ name: 'Rent', accountId: 'acc', amount, categories: [], every: 1, unit: 'month', startDate: '2026-11-01', dayOfMonth: null, endDate: null, billId: null }) as unknown as ScheduleView;
    expect(scheduleFormFrom(stored(-1200.5)).amount).toBe('-1200.50');
    expect(scheduleFormFrom(stored(1200.1)).amount).toBe('1200.10');
    expect(scheduleFormFrom(stored(-0.05)).amount).toBe('-0.05');
  });
});
