import { useState, type FormEvent } from 'react';
import { FormDialog, TextField } from '@budget/web';
import type { Account } from '../institutions/institution-data.js';
import { useAccountChange } from './use-account-change.js';


/** Renames an account; the name must not be blank. */
export function RenameAccountDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const change = useAccountChange(account.id);
  const [name, setName] = useState(account.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError('Account name is required');
    setBusy(true);
    const result = await change({ name: name.trim() });
    setBusy(false);
    if (result.ok) onClose();
    else setError(result.error);
  };

  return (
    <FormDialog title="Rename Account" busy={busy} onSubmit={submit} onClose={onClose}>
      <TextField label="Account Name" autoFocus value={name} error={error} onChange={(e) => setName(e.target.value)} />
    </FormDialog>
  );
}
