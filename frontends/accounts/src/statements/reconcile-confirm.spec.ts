import { describe, expect, it } from 'vitest';
import { reconcileQuestion } from './reconcile-confirm.js';

const statement = { id: 's1', startDate: '2025-03-01', endDate: '2025-03-31' };
const row = (date: string) => ({ date, name: 'Market' });

describe('reconcile question', () => {
  it('asks before ticking a row dated before or after the period', () => {
    expect(reconcileQuestion(statement, row('2025-02-28'), null)?.title).toBe('Reconcile a row outside the statement?');
    expect(reconcileQuestion(statement, row('2025-04-01'), undefined)?.message).toContain('Market is dated');
  });

  it('does not ask inside the period (both ends included), when unticking, or for a row of another statement', () => {
    expect(reconcileQuestion(statement, row('2025-03-01'), null)).toBeNull();
    expect(reconcileQuestion(statement, row('2025-03-31'), null)).toBeNull();
    expect(reconcileQuestion(statement, row('2025-04-01'), 's1')).toBeNull();
    expect(reconcileQuestion(statement, row('2025-04-01'), 's2')).toBeNull();
  });

  it('does not ask without a loaded statement', () => {
    expect(reconcileQuestion(undefined, row('2025-04-01'), null)).toBeNull();
  });
});
