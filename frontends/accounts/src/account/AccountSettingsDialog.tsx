import { useState, type FormEvent } from 'react';
import { FormDialog, SelectField, TextField } from '@budget/web';
import { TRACKING, type Account } from '../institutions/institution-data.js';
import { useAccountTypes } from '../offline/account-types.js';
import { trackingChangeEffect } from '../offline/tracking.js';
import { useAccountChange } from './use-account-change.js';

const START_DATE_REQUIRED = 'Start date is required';

/**
 * Account Settings: the date the account's ledger starts on and its tracking, sent together as the
 * spec's client does (`{startDate, tracking}`); one line says what the tracking does to the budget.
 */
export function AccountSettingsDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const change = useAccountChange(account.id);
  const types = useAccountTypes();
  const [startDate, setStartDate] = useState(account.startDate?.slice(0, 10) ?? '');
  const [tracking, setTracking] = useState(account.tracking);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const modes = types.data?.tracking ?? Object.values(TRACKING);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (startDate.trim() === '') return setError(START_DATE_REQUIRED);
    setBusy(true);
    const result = await change({ startDate, tracking });
    setBusy(false);
    if (result.ok) onClose();
    else setError(result.error);
  };

  return (
    <FormDialog title="Account Settings" busy={busy} onSubmit={submit} onClose={onClose} testId="account-settings-dialog">
      <p className="ui-muted">The starting balance is recomputed so that the account balance stays the same.</p>
      <TextField label="Start Date" type="date" autoFocus value={startDate} error={error} onChange={(e) => {
          setStartDate(e.target.value);
          setError(null);
        }} />
      <SelectField label="Tracking" options={modes.map((value) => ({ value, label: value }))} value={tracking} onChange={(e) => setTracking(e.target.value)} />
      <p className="ui-muted" data-testid="tracking-effect">
        {trackingChangeEffect(account.tracking, tracking)}
      </p>
    </FormDialog>
  );
}
