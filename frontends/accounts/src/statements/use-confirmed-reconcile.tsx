import { useState } from 'react';
import { ConfirmDialog, type Id, type RegisterRow, type UnlockableReconcileColumn } from '@budget/web';
import { isStartingBalanceRow } from '../account/starting-balance-row.js';
import { reconcileQuestion } from './reconcile-confirm.js';
import { useStatements } from './statement-data.js';

/**
 * The register's reconcile column with a question first (docs/architecture.md §9.7): a tick that
 * would put a row dated outside the selected statement's period onto it, any tick on a finished
 * statement (Reopen and … sends it with `?unlock=statement`) and the Starting Balance line's box
 * (it says what the line is; nothing changes) open a ConfirmDialog. Every other tick goes
 * straight through `column`.
 */
export function useConfirmedReconcile(accountId: Id, column: UnlockableReconcileColumn) {
  const { data: statements } = useStatements(accountId);
  const [asking, setAsking] = useState<RegisterRow | null>(null);
  const statement = statements?.find((s) => s.id === column.statementId);
  const currentOf = (row: RegisterRow) => (column.overrides.has(row.id) ? column.overrides.get(row.id) : row.transaction.accountTransaction?.statementId);
  const questionOf = (row: RegisterRow) => reconcileQuestion(statement, { date: row.date, name: row.name, startingBalance: isStartingBalanceRow(row) }, currentOf(row));
  const question = asking ? questionOf(asking) : null;
  const reconcile: UnlockableReconcileColumn = {
    ...column,
    onToggle: (row) => (questionOf(row) ? setAsking(row) : column.onToggle(row)),
  };
  const dialog = question ? (
    <ConfirmDialog
      open
      title={question.title}
      message={question.message}
      confirmLabel={question.confirmLabel}
      onCancel={() => setAsking(null)}
      onConfirm={() => {
        if (asking && question.outcome !== 'nothing') column.onToggle(asking, question.outcome === 'unlock');
        setAsking(null);
      }}
    />
  ) : null;
  return { reconcile, dialog };
}
