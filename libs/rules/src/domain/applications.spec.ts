import { describe, expect, test } from 'vitest';
import { alreadyUndone, decideUndoApplication, ruleApplications } from './applications.js';
import type { RulesEvent } from './rule.events.js';
import { RuleInputError, RuleNotFound } from './rules-error.js';

const applied = (applicationId: string, ruleId = 'r'): RulesEvent => ({ type: 'AutoAssignmentApplied', data: { ruleId, applicationId, date: '2025-03-14', transactionIds: [`${applicationId}-t1`, `${applicationId}-t2`] } });
const undone = (applicationId: string): RulesEvent => ({ type: 'AutoAssignmentApplicationUndone', data: { ruleId: 'r', applicationId } });
const planned = (applicationId: string): RulesEvent => ({ type: 'AutoAssignmentApplied', data: { ruleId: 'r', applicationId, date: '2025-03-14', count: 1 } });

describe("a rule's applications and their undo", () => {
  test("lists the rule's own applications oldest first, with the undone ones marked", () => {
    expect(ruleApplications([applied('a1'), applied('x', 'other'), applied('a2'), undone('a1')], 'r')).toEqual([
      { id: 'a1', date: '2025-03-14', transactionIds: ['a1-t1', 'a1-t2'], undone: true, legacy: true },
      { id: 'a2', date: '2025-03-14', transactionIds: ['a2-t1', 'a2-t2'], undone: false, legacy: true },
    ]);
    expect(ruleApplications([planned('p1')], 'r')).toEqual([{ id: 'p1', date: '2025-03-14', transactionIds: [], undone: false, legacy: false }]);
  });

  test('an undo names the application (its rows are in its plan) and records itself first', () => {
    const { application, event } = decideUndoApplication([planned('p1')], true, 'r', 'p1');
    expect(application).toMatchObject({ id: 'p1', legacy: false });
    expect(event).toEqual({ type: 'AutoAssignmentApplicationUndone', data: { ruleId: 'r', applicationId: 'p1' } });
  });

  test('a second undo records nothing (the handler completes the ledger step, then answers a 422 on applicationId)', () => {
    expect(decideUndoApplication([applied('a1'), undone('a1')], true, 'r', 'a1').event).toBeNull();
    expect(alreadyUndone()).toBeInstanceOf(RuleInputError);
    expect(alreadyUndone().field).toBe('applicationId');
  });

  test("a deleted rule, an unknown application or another rule's application is not found", () => {
    expect(() => decideUndoApplication([applied('a1')], false, 'r', 'a1')).toThrow(RuleNotFound);
    expect(() => decideUndoApplication([applied('a1')], true, 'r', 'nope')).toThrow(RuleNotFound);
    expect(() => decideUndoApplication([applied('x', 'other')], true, 'r', 'x')).toThrow(RuleNotFound);
  });
});
