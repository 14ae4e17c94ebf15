import { useState, type FormEvent } from 'react';
import { Button, Dialog, TextField } from '@budget/web';
import type { Account } from '../institutions/institution-data.js';
import { useAccountChange } from './use-account-change.js';

const FORM_ID = 'account-start-date';
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
    <Dialog open title="Change Start Date" onClose={onClose} actions={actions} testId="start-date-dialog">
      <form id={FORM_ID} onSubmit={(event) => void submit(event)} noValidate>
        <p className="ui-muted">The starting balance is recomputed so that the account balance stays the same.</p>
        <TextField label="Start Date" type="date" autoFocus value={startDate} error={error} onChange={(e) => {
            setStartDate(e.target.value);
            setError(null);
          }} />
      </form>
    </Dialog>
  );
}
