import { lazy, Suspense, useState } from 'react';
import type { Cents } from '@budget/money';
import { Amount, Button, FormError, moneyDisplay, SelectField, type Id } from '@budget/web';
import { statementDifference, statementLabel, useStatements } from '../statements/statement-data.js';
import { useFinishStatement } from '../statements/use-finish-statement.js';

/** The adjustment dialog arrives when first opened (docs/architecture.md §9.7). */
const AdjustmentDialog = lazy(() => import('../statements/AdjustmentDialog.js'));

export interface ReconcileBarProps {
  accountId: Id;
  statementId: Id | null;
  onChange: (id: Id | null) => void;
  /** What the ticks not yet answered change in the ticked sum (`tickedChange`). */
  pendingTicks?: Cents;
}

/**
 * Chooses the statement the register's checkboxes reconcile against, and shows what is left: at a
 * zero difference, Finish; otherwise the offer of an adjustment; a finished statement is marked
 * Reconciled, with Reopen (docs/architecture.md §9.7).
 */
export function ReconcileBar({ accountId, statementId, onChange, pendingTicks = 0 }: ReconcileBarProps) {
  const query = useStatements(accountId);
  const statements = query.data;
  const selected = statements?.find((s) => s.id === statementId);
  const [adjusting, setAdjusting] = useState(false);
  const finishing = useFinishStatement();
  const difference = selected ? statementDifference(selected) - pendingTicks : 0;
  const options = [{ value: '', label: 'None' }, ...(statements ?? []).map((s) => ({ value: s.id, label: `${statementLabel(s)}${s.finished ? ' (reconciled)' : ''}` }))];
  return (
    <>
      <SelectField
        label="Statement"
        options={options}
        value={statementId ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      />
      {query.isError ? (
        <p role="alert" className="reconcile-bar__status">
          The statements could not be loaded.{' '}
          <button type="button" className="ui-button ui-button--text" onClick={() => void query.refetch()}>
            Retry
          </button>
        </p>
      ) : null}
      {selected ? (
        <p className="reconcile-bar__status" data-testid="statement-difference">
          <span className="ui-muted">Difference</span> <Amount cents={difference} />
        </p>
      ) : null}
      {selected?.finished ? (
        <>
          <span className="ui-badge reconcile-bar__reconciled" data-testid="statement-reconciled">
            Reconciled
          </span>
          <Button disabled={finishing.busy} onClick={() => finishing.reopen(selected.id)} data-testid="reopen-statement">
            Reopen
          </Button>
        </>
      ) : null}
      {selected && !selected.finished && difference === 0 && pendingTicks === 0 ? (
        // The difference is zero: the statement may be finished, which locks its rows (docs/architecture.md §9.7).
        <Button variant="primary" disabled={finishing.busy} onClick={() => finishing.finish(selected.id)} data-testid="finish-statement">
          Finish
        </Button>
      ) : null}
      <FormError message={finishing.error} />
      {selected && !selected.finished && difference !== 0 && pendingTicks === 0 ? (
        <Button onClick={() => setAdjusting(true)} data-testid="create-adjustment">{`Create an adjustment for ${moneyDisplay(difference).text}`}</Button>
      ) : null}
      {adjusting && selected ? (
        <Suspense fallback={null}>
          <AdjustmentDialog accountId={accountId} statement={selected} difference={difference} onClose={() => setAdjusting(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
