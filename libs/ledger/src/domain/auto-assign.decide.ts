import { sumCents } from '@budget/money';
import type { AutoAssignmentNote, Split, TransactionChanged, TransactionEvent } from './transaction.events.js';
import { foldTransaction, type TransactionState } from './transaction.state.js';

/**
 * A rule applied to an existing transaction ("apply to existing"): only a live row whose whole
 * amount is still in Unassigned takes the rule's splits (they must sum to its amount); a row the
 * user or a sync changed meanwhile is left alone (no events).
 */
export function decideRuleAssignment(state: TransactionState, splits: readonly Split[], unassignedCategoryId: string, note: AutoAssignmentNote): TransactionChanged[] {
  if (!state.exists || state.deleted || !state.account || state.kind === 'starting-balance') return [];
  const onlyUnassigned = state.splits.length > 0 && state.splits.every((s) => s.categoryId === unassignedCategoryId);
  if (!onlyUnassigned || splits.length === 0 || sumCents(splits.map((s) => s.amount)) !== state.account.amount) return [];
  return [{ type: 'TransactionChanged', data: { transactionId: state.transactionId, changes: { splits: { from: state.splits, to: [...splits] } }, autoAssignment: note } }];
}

/**
 * Undoing a rule's "apply to existing" on one transaction: the row goes back to the splits it had
 * before the rule (wholly Unassigned) only when it is live and still carries exactly the splits
 * that rule's last assignment gave it (same categories, same cents, so the same amount); a row the
 * user edited since, deleted, or that the rule never assigned is left alone (no events: skipped).
 * `of`: the assignment to undo (an application's own); without it, the rule's last one.
 */
export function decideRuleUndo(events: readonly TransactionEvent[], ruleId: string, of?: TransactionChanged): TransactionChanged[] {
  const state = foldTransaction(events);
  if (!state.exists || state.deleted || !state.account) return [];
  const assignment = of ?? [...events].reverse().find((e): e is TransactionChanged => e.type === 'TransactionChanged' && e.data.autoAssignment?.ruleId === ruleId);
  const splits = assignment?.data.changes.splits;
  if (!splits || !sameSplits(state.splits, splits.to) || sumCents(splits.from.map((s) => s.amount)) !== state.account.amount) return [];
  return [{ type: 'TransactionChanged', data: { transactionId: state.transactionId, changes: { splits: { from: state.splits, to: [...splits.from] } } } }];
}

const sameSplits = (a: readonly Split[], b: readonly Split[]) =>
  a.length === b.length && a.every((s, i) => s.categoryId === b[i]?.categoryId && s.amount === b[i]?.amount && (s.comment ?? null) === (b[i]?.comment ?? null));

/**
 * The note a rule applied to existing rows leaves on each row it assigns: the rule, the string,
 * and the application (libs/rules' `AutoAssignmentApplied`) whose ledger step made the change, so
 * that running that step again finds the row done.
 */
export type ApplicationNote = AutoAssignmentNote & { applicationId: string };

/** The undo of an application on one row: marked with the application, so that running it again finds the row done. */
export type RuleUndoChanged = TransactionChanged & { data: { ruleUndo: { ruleId: string; applicationId: string } } };

const applicationOf = (event: TransactionEvent): string | undefined =>
  event.type === 'TransactionChanged' ? (event.data.autoAssignment as Partial<ApplicationNote> | undefined)?.applicationId : undefined;
const undoneApplicationOf = (event: TransactionEvent): string | undefined =>
  event.type === 'TransactionChanged' ? (event.data as Partial<RuleUndoChanged['data']>).ruleUndo?.applicationId : undefined;

/**
 * One row of a recorded application's ledger step: a row this application assigned already (an
 * earlier run of the step) is done and changes no more, whatever happened to it since; otherwise
 * `decideRuleAssignment`. `assigned`: the row is this application's, now or before.
 */
export function decideApplicationRow(
  events: readonly TransactionEvent[],
  splits: readonly Split[],
  unassignedCategoryId: string,
  note: ApplicationNote,
): { events: TransactionChanged[]; assigned: boolean } {
  if (events.some((e) => applicationOf(e) === note.applicationId)) return { events: [], assigned: true };
  const decided = decideRuleAssignment(foldTransaction(events), splits, unassignedCategoryId, note);
  return { events: decided, assigned: decided.length > 0 };
}

/**
 * One row of a recorded undo's ledger step: a row this undo restored already is done and changes
 * no more; otherwise the row goes back to the splits it had before the application when it still
 * carries exactly the splits that application gave it; a row the application never assigned is
 * left alone. `legacy`: an application recorded before its id was noted on the rows, whose
 * assignment is the rule's last one. `restored`: the row is this undo's, now or before.
 */
export function decideApplicationUndoRow(events: readonly TransactionEvent[], ruleId: string, applicationId: string, legacy = false): { events: RuleUndoChanged[]; restored: boolean } {
  if (events.some((e) => undoneApplicationOf(e) === applicationId)) return { events: [], restored: true };
  const byApplication = [...events].reverse().find((e): e is TransactionChanged => applicationOf(e) === applicationId);
  if (!byApplication && !legacy) return { events: [], restored: false };
  const decided = decideRuleUndo(events, ruleId, byApplication);
  const marked = decided.map((e): RuleUndoChanged => ({ ...e, data: { ...e.data, ruleUndo: { ruleId, applicationId } } }));
  return { events: marked, restored: marked.length > 0 };
}
