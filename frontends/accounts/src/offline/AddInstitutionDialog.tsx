import { useState, type FormEvent } from 'react';
import { Button, Dialog, FormError, GENERIC_ERROR, TextField, toIsoDate, useLedgerRefresh, useSession } from '@budget/web';
import { AccountFields } from './AccountFields.js';
import { useAccountTypes } from './account-types.js';
import {
  initialOfflineForm, offlineInstitutionBody, offlineServerErrors, validateOffline, type OfflineAccountForm, type OfflineErrors,
} from './offline-form.js';

const NO_ERRORS: OfflineErrors = { fields: {}, general: null };
const FORM_ID = 'add-offline-institution';

/** Add Offline Institution: the institution's name and its first account. */
export function AddInstitutionDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (accountId: string | null) => void }) {
  const { api } = useSession();
  const refresh = useLedgerRefresh();
  const { data: catalogue } = useAccountTypes();
  const [form, setForm] = useState<OfflineAccountForm>(() => initialOfflineForm(toIsoDate(new Date())));
  const [errors, setErrors] = useState(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const change = (part: Partial<OfflineAccountForm>) => setForm((current) => ({ ...current, ...part }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateOffline(form);
    setErrors(checked);
    if (Object.keys(checked.fields).length > 0) return;
    setBusy(true);
    try {
      const response = await api.post<{ data?: { accounts?: { id?: unknown }[] } }>('/api/v1/institution', offlineInstitutionBody(form));
      if (!response.ok) return setErrors(offlineServerErrors(response.body, GENERIC_ERROR));
      await refresh();
      const id = response.body.data?.accounts?.[0]?.id;
      onCreated(id === undefined ? null : String(id));
    } catch {
      setErrors({ fields: {}, general: GENERIC_ERROR });
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
        Add Institution
      </Button>
    </>
  );
  return (
    <Dialog open title="Add Offline Institution" onClose={onClose} actions={actions} testId="offline-institution-dialog">
      <form id={FORM_ID} onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="Institution Name"
          autoFocus
          value={form.institutionName}
          error={errors.fields.institutionName}
          onChange={(e) => change({ institutionName: e.target.value })}
        />
        <AccountFields form={form} errors={errors.fields} catalogue={catalogue} onChange={change} />
        <FormError message={errors.general} />
      </form>
    </Dialog>
  );
}
