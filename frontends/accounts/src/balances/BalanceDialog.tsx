import { useState, type FormEvent } from 'react';
import { dollarsFromCents } from '@budget/money';
import { AmountInput, Button, Dialog, FormError, GENERIC_ERROR, recordPath, TextField, toFormErrors, toIsoDate, useLedgerRefresh, useSession, wireCents, type Id } from '@budget/web';
import { balancesPath, type BalanceEntry } from './balance-data.js';

const FORM_ID = 'balance-form';

/** Add Balance (or edit one): a date and the balance on it; one balance per date. */
export function BalanceDialog({ accountId, entry, onClose }: { accountId: Id; entry: BalanceEntry | null; onClose: () => void }) {
  const { api } = useSession();
  const refresh = useLedgerRefresh();
  const [date, setDate] = useState(entry?.date ?? toIsoDate(new Date()));
  const [balance, setBalance] = useState(entry ? wireCents(entry.balance) : 0);
  const [errors, setErrors] = useState<{ date?: string; balance?: string; general?: string | null }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (date === '') return setErrors({ date: 'A date must be specified.' });
    setBusy(true);
    try {
      const body = { date, balance: dollarsFromCents(balance) };
      const response = entry?.id ? await api.patch(recordPath(balancesPath(accountId), entry.id), body) : await api.post(balancesPath(accountId), body);
      if (!response.ok) {
        const mapped = toFormErrors(response.body, ['date', 'balance']);
        return setErrors(mapped ? { ...mapped.fields, general: mapped.general } : { general: GENERIC_ERROR });
      }
      await refresh();
      onClose();
    } catch {
      setErrors({ general: GENERIC_ERROR });
    } finally {
      setBusy(false);
    }
  };

  const actions = (
    <>
      <Button onClick={onClose} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" form={FORM_ID} variant="primary" disabled={busy}>
        Save
      </Button>
    </>
  );
  return (
    <Dialog open title={entry ? 'Edit Balance' : 'Add Balance'} onClose={onClose} actions={actions} testId="balance-dialog">
      <form id={FORM_ID} onSubmit={(event) => void submit(event)} noValidate>
        <div className="ui-field-row">
          <TextField label="Date" type="date" value={date} error={errors.date} onChange={(e) => setDate(e.target.value)} />
          <AmountInput label="Balance" value={balance} error={errors.balance} onChange={setBalance} />
        </div>
        <FormError message={errors.general} />
      </form>
    </Dialog>
  );
}
