import { useState } from 'react';
import { ConfirmDialog, type Id, type ReconcileColumn, type RegisterRow } from '@budget/web';
import { reconcileQuestion } from './reconcile-confirm.js';
import { useStatements } from './statement-data.js';

/**
 * The register's reconcile column with a question first (docs/architecture.md §9.7): a tick that
 * would put a row dated outside the selected statement's period onto it opens a ConfirmDialog,
 * and only Reconcile sends it. Every other tick goes straight through `column`.
 */
export function useConfirmedReconcile(accountId: Id, column: ReconcileColumn) {
  const { data: statements } = useStatements(accountId);
  const [asking, setAsking] = useState<RegisterRow | null>(null);
  const statement = statements?.find((s) => s.id === column.statementId);
  const currentOf = (row: RegisterRow) => (column.overrides.has(row.id) ? column.overrides.get(row.id) : row.transaction.accountTransaction?.statementId);
  const question = asking ? reconcileQuestion(statement, asking, currentOf(asking)) : null;
  const reconcile: ReconcileColumn = {
    ...column,
    onToggle: (row) => (reconcileQuestion(statement, row, currentOf(row)) ? setAsking(row) : column.onToggle(row)),
  };
  const dialog = question ? (
    <ConfirmDialog
      open
      title={question.title}
      message={question.message}
      confirmLabel={question.confirmLabel}
      onCancel={() => setAsking(null)}
      onConfirm={() => {
        if (asking) column.onToggle(asking);
        setAsking(null);
      }}
    />
  ) : null;
  return { reconcile, dialog };
}
