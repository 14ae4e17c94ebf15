import type { AutoAssignmentApplicationUndone, RulesEvent } from './rule.events.js';
import { RuleInputError, RuleNotFound } from './rules-error.js';

/** One "apply to existing" of a rule, as its undo and the rule's list of applications see it. */
export interface RuleApplication {
  id: string;
  date: string;
  /** Legacy records only: the rows it assigned (the others' rows are in their plan's stream). */
  transactionIds: string[];
  undone: boolean;
  /** Recorded after its ledger step, before the rows were noted with the application's id. */
  legacy: boolean;
}

/** A rule's applications, oldest first (empty for a rule deleted or never there). */
export function ruleApplications(events: readonly RulesEvent[], ruleId: string): RuleApplication[] {
  const applications = new Map<string, RuleApplication>();
  for (const event of events) {
    if (event.data.ruleId !== ruleId) continue;
    if (event.type === 'AutoAssignmentApplied') {
      const { applicationId, date, transactionIds } = event.data;
      applications.set(applicationId, { id: applicationId, date, transactionIds: transactionIds ?? [], undone: false, legacy: transactionIds !== undefined });
    } else if (event.type === 'AutoAssignmentApplicationUndone') {
      const application = applications.get(event.data.applicationId);
      if (application) application.undone = true;
    } else if (event.type === 'AutoAssignmentDeleted') {
      applications.clear();
    }
  }
  return [...applications.values()];
}

/** An application undone already: a 422 on `applicationId`. */
export const alreadyUndone = () => new RuleInputError('applicationId', 'This application was undone already.', 'already_undone');

/**
 * Decides the undo of one application of a rule: the application (its rows go to the ledger) and
 * the event that records the undo, to be appended BEFORE the ledger step. A rule or application
 * that is not the caller's is `RuleNotFound` (404). An application undone already records nothing
 * (`event` null; the caller completes its ledger step and answers `alreadyUndone()`, a 422 —
 * a retry with the same Idempotency-Key sees the stream as it was before its own record instead).
 */
export function decideUndoApplication(
  events: readonly RulesEvent[],
  live: boolean,
  ruleId: string,
  applicationId: string,
): { application: RuleApplication; event: AutoAssignmentApplicationUndone | null } {
  if (!live) throw new RuleNotFound();
  const application = ruleApplications(events, ruleId).find((a) => a.id === applicationId);
  if (!application) throw new RuleNotFound();
  if (application.undone) return { application, event: null };
  return { application, event: { type: 'AutoAssignmentApplicationUndone', data: { ruleId, applicationId } } };
}
