import { useState } from 'react';
import { Amount, Button, DataTable, FormError, formatDate, LoadError, LoadingBlock, Toolbar, wireCents, type Column, type Id } from '@budget/web';
import { statementDifference, useStatements, type Statement } from './statement-data.js';
import { StatementDialog } from './StatementDialog.js';
import { useFinishStatement } from './use-finish-statement.js';
import { useStatementReconcile } from './use-statement-reconcile.js';

const money = (value: Statement['credits']) => <Amount cents={wireCents(value)} />;

export interface StatementListProps {
  accountId: Id;
  selectedId: Id | null;
  onSelect: (id: Id | null) => void;
  /** Goes to the register to tick rows against the selected statement. */
  onReconcileRows: () => void;
}

/** The account's statements, newest end date first; choosing one enables the reconcile checkboxes. */
export function StatementList({ accountId, selectedId, onSelect, onReconcileRows }: StatementListProps) {
  const query = useStatements(accountId);
  const [creating, setCreating] = useState(false);
  const reconcile = useStatementReconcile();
  const finishing = useFinishStatement();
  if (query.isError) return <LoadError what="The statements" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (query.isPending) return <LoadingBlock />;
  const statements = query.data;

  const columns: Column<Statement>[] = [
    {
      header: 'Use',
      render: (s) => (
        <input type="radio" name="statement" aria-label={`Select statement ending ${formatDate(s.endDate)}`} checked={s.id === selectedId} onChange={() => onSelect(s.id)} />
      ),
    },
    { header: 'Start', render: (s) => formatDate(s.startDate), sortKey: (s) => s.startDate },
    {
      header: 'End',
      rowHeader: true,
      // A finished statement says so beside its end date: a column of its own sat past the pane's edge at 1280 px.
      render: (s) => (
        <>
          {formatDate(s.endDate)}
          {s.finished ? <span className="ui-badge statements__reconciled">Reconciled</span> : null}
        </>
      ),
      sortKey: (s) => s.endDate,
    },
    { header: 'Starting', numeric: true, render: (s) => money(s.startingBalance) },
    { header: 'Credits', numeric: true, render: (s) => money(s.credits) },
    { header: 'Debits', numeric: true, render: (s) => money(s.debits) },
    { header: 'Ending', numeric: true, render: (s) => money(s.endingBalance) },
    { header: 'Difference', numeric: true, render: (s) => <Amount cents={statementDifference(s)} /> },
  ];
  const selected = statements.find((s) => s.id === selectedId) ?? null;
  return (
    <div className="statements" data-testid="statements">
      <Toolbar aria-label="Statement actions">
        <Button variant="primary" onClick={() => setCreating(true)}>
          New Statement
        </Button>
        <Button disabled={!selected || selected.finished || reconcile.busy} onClick={() => selected && reconcile.reconcile(selected.id, 'All')}>
          Reconcile All
        </Button>
        <Button disabled={!selected || selected.finished || reconcile.busy} onClick={() => selected && reconcile.reconcile(selected.id, 'None')}>
          Reconcile None
        </Button>
        <Button disabled={!selected} onClick={onReconcileRows}>
          Reconcile Transactions
        </Button>
        {selected?.finished ? (
          <Button disabled={finishing.busy} onClick={() => finishing.reopen(selected.id)}>
            Reopen
          </Button>
        ) : (
          // Finishing locks the statement's rows; the server refuses it unless the difference is zero (docs/architecture.md §9.7).
          <Button disabled={!selected || finishing.busy || statementDifference(selected) !== 0} onClick={() => selected && finishing.finish(selected.id)}>
            Finish
          </Button>
        )}
      </Toolbar>
      <FormError message={reconcile.error ?? finishing.error} />
      <DataTable label="Statements" columns={columns} rows={statements} rowKey={(s) => s.id} empty="No statements yet" />
      {creating ? (
        <StatementDialog
          accountId={accountId}
          newest={statements[0]}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            onSelect(id);
          }}
        />
      ) : null}
    </div>
  );
}
