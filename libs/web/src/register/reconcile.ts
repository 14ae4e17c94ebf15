import type { Id } from '../data/id.js';

/** What a reconcile checkbox click does to a transaction's statement (spec §4). */
export type ReconcileChange = { statementId: Id | null } | null;

/**
 * The checkbox is enabled only when a statement is selected and the transaction is unreconciled
 * or belongs to that statement.
 */
export function reconcileEnabled(selected: Id | null, current: Id | null | undefined): boolean {
  return selected !== null && (current == null || current === selected);
}

/**
 * The toggle: an unreconciled transaction is assigned to the statement, one on that same
 * statement is cleared, one on another statement does not change (null means no change).
 */
export function reconcileToggle(selected: Id | null, current: Id | null | undefined): ReconcileChange {
  if (selected === null) return null;
  if (current == null) return { statementId: selected };
  if (current === selected) return { statementId: null };
  return null;
}
