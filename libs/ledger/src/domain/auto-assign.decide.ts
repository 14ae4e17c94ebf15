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
 */
export function decideRuleUndo(events: readonly TransactionEvent[], ruleId: string): TransactionChanged[] {
  const state = foldTransaction(events);
  if (!state.exists || state.deleted || !state.account) return [];
  const assignment = [...events].reverse().find((e): e is TransactionChanged => e.type === 'TransactionChanged' && e.data.autoAssignment?.ruleId === ruleId);
  const splits = assignment?.data.changes.splits;
  if (!splits || !sameSplits(state.splits, splits.to) || sumCents(splits.from.map((s) => s.amount)) !== state.account.amount) return [];
  return [{ type: 'TransactionChanged', data: { transactionId: state.transactionId, changes: { splits: { from: state.splits, to: [...splits.from] } } } }];
}

const sameSplits = (a: readonly Split[], b: readonly Split[]) =>
  a.length === b.length && a.every((s, i) => s.categoryId === b[i]?.categoryId && s.amount === b[i]?.amount && (s.comment ?? null) === (b[i]?.comment ?? null));
