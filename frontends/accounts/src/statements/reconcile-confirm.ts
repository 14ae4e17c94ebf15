import { formatDate, reconcileToggle, type Id, type RegisterRow } from '@budget/web';
import type { Statement } from './statement-data.js';

/** Why a tick asks first (docs/architecture.md §9.7), or null when it goes straight to the server. */
export interface ReconcileQuestion {
  title: string;
  message: string;
  confirmLabel: string;
}

/**
 * Ticking a row onto the selected statement asks first when the row is dated outside the
 * statement's period (a bank statement lists only its own days). Unticking, and ticking a row
 * inside the period, do not.
 */
export function reconcileQuestion(statement: Pick<Statement, 'id' | 'startDate' | 'endDate'> | undefined, row: Pick<RegisterRow, 'date' | 'name'>, current: Id | null | undefined): ReconcileQuestion | null {
  if (!statement) return null;
  const change = reconcileToggle(statement.id, current);
  if (change === null || change.statementId === null) return null;
  const date = row.date.slice(0, 10);
  if (date >= statement.startDate.slice(0, 10) && date <= statement.endDate.slice(0, 10)) return null;
  return {
    title: 'Reconcile a row outside the statement?',
    message: `${row.name} is dated ${formatDate(date)}, outside this statement's period (${formatDate(statement.startDate.slice(0, 10))} – ${formatDate(statement.endDate.slice(0, 10))}). Reconcile it against this statement anyway?`,
    confirmLabel: 'Reconcile',
  };
}
