import { useState, type FormEvent } from 'react';
import { renameInstitution } from '@budget/contracts';
import { FormDialog, GENERIC_ERROR, sendFailure, TextField, toFormErrors, useLedgerRefresh, useWriteAction } from '@budget/web';
import type { Institution } from './institution-data.js';
import { INSTITUTION_NAME_REQUIRED } from './institution-paths.js';

/** Renames an institution; the name must not be blank. */
export function RenameInstitutionDialog({ institution, onClose }: { institution: Institution; onClose: () => void }) {
  const renaming = useWriteAction();
  const refresh = useLedgerRefresh();
  const [name, setName] = useState(institution.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError(INSTITUTION_NAME_REQUIRED);
    setBusy(true);
    try {
      const response = await renaming.send(renameInstitution, { params: { id: institution.id }, body: { name: name.trim() } });
      if (!response.ok) {
        const errors = toFormErrors(response.body, ['name']);
        return setError(errors?.fields.name ?? errors?.general ?? GENERIC_ERROR);
      }
      await refresh();
      onClose();
    } catch (error) {
      setError(sendFailure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog title="Rename Institution" busy={busy} onSubmit={submit} onClose={onClose} testId="rename-institution-dialog">
      <TextField label="Institution Name" autoFocus value={name} error={error} onChange={(e) => {
          setName(e.target.value);
          setError(null);
        }} />
    </FormDialog>
  );
}
