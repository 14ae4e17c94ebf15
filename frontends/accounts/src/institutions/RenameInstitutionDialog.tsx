import { useState, type FormEvent } from 'react';
import { Button, Dialog, GENERIC_ERROR, TextField, toFormErrors, useLedgerRefresh, useSession } from '@budget/web';
import type { Institution } from './institution-data.js';
import { institutionPath, INSTITUTION_NAME_REQUIRED } from './institution-paths.js';

const FORM_ID = 'rename-institution';

/** Renames an institution; the name must not be blank. */
export function RenameInstitutionDialog({ institution, onClose }: { institution: Institution; onClose: () => void }) {
  const { api } = useSession();
  const refresh = useLedgerRefresh();
  const [name, setName] = useState(institution.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError(INSTITUTION_NAME_REQUIRED);
    setBusy(true);
    try {
      const response = await api.patch(institutionPath(institution.id), { name: name.trim() });
      if (!response.ok) {
        const errors = toFormErrors(response.body, ['name']);
        return setError(errors?.fields.name ?? errors?.general ?? GENERIC_ERROR);
      }
      await refresh();
      onClose();
    } catch {
      setError(GENERIC_ERROR);
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
    <Dialog open title="Rename Institution" onClose={onClose} actions={actions} testId="rename-institution-dialog">
      <form id={FORM_ID} onSubmit={(event) => void submit(event)} noValidate>
        <TextField label="Institution Name" autoFocus value={name} error={error} onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }} />
      </form>
    </Dialog>
  );
}
