import { useState, type FormEvent } from 'react';
import { createStatement, explainAccountBalance } from '@budget/contracts';
import { AmountInput, FormDialog, FormError, GENERIC_ERROR, type Id, sendFailure, TextField, toFormErrors, useLedgerRefresh, useRouteQuery, useWriteAction, wireCents, withoutFieldErrors } from '@budget/web';
import type { Statement } from './statement-data.js';
import { initialStatement, statementBody, validateStatement, withOpeningBalance, type StatementErrors, type StatementForm } from './statement-form.js';

const FIELDS = ['startDate', 'endDate', 'startingBalance', 'endingBalance'] as const;

/** New Statement: the period and the balances printed on the bank's statement. */
export function StatementDialog({ accountId, newest, onClose, onCreated }: { accountId: Id; newest: Statement | undefined; onClose: () => void; onCreated: (id: Id) => void }) {
  const saving = useWriteAction();
  const refresh = useLedgerRefresh();
  const [typed, setForm] = useState<StatementForm>(() => initialStatement(newest, new Date()));
  const [errors, setErrors] = useState<StatementErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [typedStarting, setTypedStarting] = useState(false);
  // The first statement starts from the account's balance the day before its period (§9.7).
  const first = newest === undefined && /^\d{4}-\d{2}-\d{2}$/.test(typed.startDate);
  const walk = useRouteQuery(explainAccountBalance, first ? { params: { id: accountId }, query: { from: typed.startDate, to: typed.startDate } } : null);
  const opening = first && walk.data?.data.from ? { from: walk.data.data.from, cents: wireCents(walk.data.data.openingBalance) } : undefined;
  const form = withOpeningBalance(typed, opening, typedStarting);
  const change = (part: Partial<StatementForm>) => {
    if ('startingBalance' in part) setTypedStarting(true);
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
