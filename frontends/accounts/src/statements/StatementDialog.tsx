import { useState, type FormEvent } from 'react';
import { createStatement } from '@budget/contracts';
import { AmountInput, FormDialog, FormError, GENERIC_ERROR, type Id, sendFailure, TextField, toFormErrors, useLedgerRefresh, useWriteAction, withoutFieldErrors } from '@budget/web';
import type { Statement } from './statement-data.js';
import { initialStatement, statementBody, validateStatement, type StatementErrors, type StatementForm } from './statement-form.js';

const FIELDS = ['startDate', 'endDate', 'startingBalance', 'endingBalance'] as const;

/** New Statement: the period and the balances printed on the bank's statement. */
export function StatementDialog({ accountId, newest, onClose, onCreated }: { accountId: Id; newest: Statement | undefined; onClose: () => void; onCreated: (id: Id) => void }) {
  const saving = useWriteAction();
  const refresh = useLedgerRefresh();
  const [form, setForm] = useState<StatementForm>(() => initialStatement(newest, new Date()));
  const [errors, setErrors] = useState<StatementErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const change = (part: Partial<StatementForm>) => {
    setForm((current) => ({ ...current, ...part }));
    setErrors((current) => withoutFieldErrors({ fields: current }, Object.keys(part)).fields);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateStatement(form);
    setErrors(checked);
    setGeneral(null);
    if (Object.keys(checked).length > 0) return;
    setBusy(true);
    try {
      const response = await saving.send(createStatement, { params: { id: accountId }, body: statementBody(form) });
      if (!response.ok) {
        const mapped = toFormErrors(response.body, FIELDS);
        setErrors(mapped?.fields ?? {});
        return setGeneral(mapped?.general ?? (mapped ? null : GENERIC_ERROR));
      }
      await refresh();
      onCreated(response.body.id);
    } catch (error) {
      setGeneral(sendFailure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog title="New Statement" submitLabel="Create Statement" busy={busy} onSubmit={submit} onClose={onClose} testId="statement-dialog">
      <div className="ui-field-row">
        <TextField label="Start Date" type="date" value={form.startDate} error={errors.startDate} onChange={(e) => change({ startDate: e.target.value })} />
        <TextField label="End Date" type="date" value={form.endDate} error={errors.endDate} onChange={(e) => change({ endDate: e.target.value })} />
      </div>
      <div className="ui-field-row">
        <AmountInput label="Starting Balance" value={form.startingBalance} error={errors.startingBalance} onChange={(startingBalance) => change({ startingBalance })} />
        <AmountInput label="Ending Balance" value={form.endingBalance} error={errors.endingBalance} onChange={(endingBalance) => change({ endingBalance })} />
      </div>
      <FormError message={general} />
    </FormDialog>
  );
}
