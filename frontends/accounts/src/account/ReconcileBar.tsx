import { Amount, SelectField, useApiData, type Id } from '@budget/web';
import { readStatements, statementDifference, statementLabel, statementsPath } from '../statements/statement-data.js';

export interface ReconcileBarProps {
  accountId: Id;
  statementId: Id | null;
  onChange: (id: Id | null) => void;
}

/** Chooses the statement the register's checkboxes reconcile against, and shows what is left. */
export function ReconcileBar({ accountId, statementId, onChange }: ReconcileBarProps) {
  const { data: statements } = useApiData(statementsPath(accountId), readStatements);
  const selected = statements?.find((s) => s.id === statementId);
  const options = [{ value: '', label: 'None' }, ...(statements ?? []).map((s) => ({ value: s.id, label: statementLabel(s) }))];
  return (
    <>
      <SelectField
        label="Statement"
        options={options}
        value={statementId ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      />
      {selected ? (
        <p className="reconcile-bar__status" data-testid="statement-difference">
          <span className="ui-muted">Difference</span> <Amount cents={statementDifference(selected)} />
        </p>
      ) : null}
    </>
  );
}
