import type { RulesEvent } from './rule.events.js';
import { RuleInputError, RuleNotFound } from './rules-error.js';

/** One "apply to existing" of a rule, as its undo and the rule's list of applications see it. */
export interface RuleApplication {
  id: string;
  date: string;
  transactionIds: string[];
  undone: boolean;
}

/** A rule's applications, oldest first (empty for a rule deleted or never there). */
export function ruleApplications(events: readonly RulesEvent[], ruleId: string): RuleApplication[] {
  const applications = new Map<string, RuleApplication>();
  for (const event of events) {
    if (event.data.ruleId !== ruleId) continue;
    if (event.type === 'AutoAssignmentApplied') {
      applications.set(event.data.applicationId, { id: event.data.applicationId, date: event.data.date, transactionIds: event.data.transactionIds, undone: false });
    } else if (event.type === 'AutoAssignmentApplicationUndone') {
      const application = applications.get(event.data.applicationId);
      if (application) application.undone = true;
    } else if (event.type === 'AutoAssignmentDeleted') {
      applications.clear();
    }
  }
  return [...applications.values()];
}

/**
 * Decides the undo of one application of a rule: the transaction ids to hand back to the ledger.
 * A rule or application that is not the caller's is `RuleNotFound` (404); an application undone
 * already is a 422 on `applicationId` (a retry with the same Idempotency-Key gets the first answer
 * from the idempotency layer instead, so only a new request meets this).
 */
export function decideUndoApplication(events: readonly RulesEvent[], live: boolean, ruleId: string, applicationId: string): string[] {
  if (!live) throw new RuleNotFound();
  const application = ruleApplications(events, ruleId).find((a) => a.id === applicationId);
  if (!application) throw new RuleNotFound();
  if (application.undone) throw new RuleInputError('applicationId', 'This application was undone already.', 'already_undone');
  return application.transactionIds;
}
