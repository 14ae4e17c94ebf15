import { sumCents } from '@budget/money';
import type { AutoAssignmentNote, Split, TransactionChanged } from './transaction.events.js';
import type { TransactionState } from './transaction.state.js';

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
