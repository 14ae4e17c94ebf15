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

  it('ticking the Starting Balance line explains it and changes nothing, inside the period or not', () => {
    for (const date of ['2025-03-01', '2025-01-01']) {
      const question = reconcileQuestion(statement, { date, name: 'Starting Balance', startingBalance: true }, null);
      expect(question).toMatchObject({ title: 'The starting balance is not a row', confirmLabel: 'OK', outcome: 'nothing' });
      expect(question?.message).toContain("It is this statement's Starting Balance, not a row on it");
    }
  });

  it('on a finished statement both ticking and unticking ask before reopening it', () => {
    const finished = { ...statement, finished: true };
    expect(reconcileQuestion(finished, row('2025-03-05'), 's1')).toMatchObject({ outcome: 'unlock', confirmLabel: 'Reopen and untick' });
    expect(reconcileQuestion(finished, row('2025-03-05'), null)).toMatchObject({ outcome: 'unlock', confirmLabel: 'Reopen and reconcile' });
    expect(reconcileQuestion(finished, row('2025-03-05'), 's2')).toBeNull();
  });

  it('an ordinary tick outside the period sends the tick', () => {
    expect(reconcileQuestion(statement, row('2025-02-28'), null)?.outcome).toBe('tick');
  });

  it('does not ask without a loaded statement', () => {
    expect(reconcileQuestion(undefined, row('2025-04-01'), null)).toBeNull();
  });
});
