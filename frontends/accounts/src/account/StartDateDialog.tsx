import { useState, type FormEvent } from 'react';
import { FormDialog, TextField } from '@budget/web';
import type { Account } from '../institutions/institution-data.js';
import { useAccountChange } from './use-account-change.js';

const START_DATE_REQUIRED = 'Start date is required';

/** Changes the date an account's ledger starts on. */
export function StartDateDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const change = useAccountChange(account.id);
  const [startDate, setStartDate] = useState(account.startDate?.slice(0, 10) ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (startDate.trim() === '') return setError(START_DATE_REQUIRED);
    setBusy(true);
    const result = await change({ startDate });
    setBusy(false);
    if (result.ok) onClose();
    else setError(result.error);
  };

  return (
    <FormDialog title="Change Start Date" busy={busy} onSubmit={submit} onClose={onClose} testId="start-date-dialog">
      <p className="ui-muted">The starting balance is recomputed so that the account balance stays the same.</p>
      <TextField label="Start Date" type="date" autoFocus value={startDate} error={error} onChange={(e) => {
          setStartDate(e.target.value);
          setError(null);
        }} />
    </FormDialog>
  );
}
