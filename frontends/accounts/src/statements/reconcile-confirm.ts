import { formatDate, LOCKED_ROW, reconcileToggle, type Id, type RegisterRow } from '@budget/web';
import type { Statement } from './statement-data.js';

/**
 * Why a tick asks first (docs/architecture.md §9.7), or null when it goes straight to the server.
 * `outcome` is what the confirm button does: `tick` sends the tick, `unlock` sends it confirmed
 * against a finished statement (`?unlock=statement`, which reopens it), `nothing` changes nothing.
 */
export interface ReconcileQuestion {
  title: string;
  message: string;
  confirmLabel: string;
  outcome: 'tick' | 'unlock' | 'nothing';
}

/** The register row the question is about; `startingBalance`: the client's Starting Balance line. */
export type QuestionRow = Pick<RegisterRow, 'date' | 'name'> & { startingBalance?: boolean };

/**
 * Ticking the Starting Balance line says what it is and changes nothing: it is the account's
 * balance before its start date, worked out on the client, and a statement holds it as its
 * Starting Balance, not as a row. A tick or untick on a finished statement asks before reopening
 * it. Ticking a row onto the selected statement asks first when the row is dated outside the
 * statement's period (a bank statement lists only its own days). Unticking, and ticking a row
 * inside the period of an open statement, do not ask.
 */
export function reconcileQuestion(
  statement: (Pick<Statement, 'id' | 'startDate' | 'endDate'> & { finished?: boolean }) | undefined,
  row: QuestionRow,
  current: Id | null | undefined,
): ReconcileQuestion | null {
  if (!statement) return null;
  const date = row.date.slice(0, 10);
  if (row.startingBalance) {
    return {
      title: 'The starting balance is not a row',
      message: `The Starting Balance line is the account's balance before ${formatDate(date)}. It is this statement's Starting Balance, not a row on it, so it is not ticked: nothing changes.`,
      confirmLabel: 'OK',
      outcome: 'nothing',
    };
  }
  const change = reconcileToggle(statement.id, current);
  if (change === null) return null;
  if (statement.finished) return { ...LOCKED_ROW, confirmLabel: change.statementId === null ? 'Reopen and untick' : 'Reopen and reconcile', outcome: 'unlock' };
  if (change.statementId === null) return null;
  if (date >= statement.startDate.slice(0, 10) && date <= statement.endDate.slice(0, 10)) return null;
  return {
    title: 'Reconcile a row outside the statement?',
    message: `${row.name} is dated ${formatDate(date)}, outside this statement's period (${formatDate(statement.startDate.slice(0, 10))} – ${formatDate(statement.endDate.slice(0, 10))}). Reconcile it against this statement anyway?`,
    confirmLabel: 'Reconcile',
    outcome: 'tick',
  };
}
