import { useState, type FormEvent } from 'react';
import { Button, Dialog, FormError, GENERIC_ERROR, toIsoDate, useLedgerRefresh, useSession, type Id } from '@budget/web';
import type { Institution } from '../institutions/institution-data.js';
import { institutionAccountsPath } from '../institutions/institution-paths.js';
import { AccountFields } from './AccountFields.js';
import { useAccountTypes } from './account-types.js';
import { initialOfflineForm, newAccountBody, offlineServerErrors, validateOffline, type OfflineAccountForm, type OfflineErrors } from './offline-form.js';

const NO_ERRORS: OfflineErrors = { fields: {}, general: null };
const FORM_ID = 'add-offline-account';

export interface AddAccountDialogProps {
  institution: Institution;
  onClose: () => void;
  onCreated: (accountId: Id | null) => void;
}

/** Add Account: one more offline account in an existing institution. */
export function AddAccountDialog({ institution, onClose, onCreated }: AddAccountDialogProps) {
  const { api } = useSession();
  const refresh = useLedgerRefresh();
  const { data: catalogue } = useAccountTypes();
  const [form, setForm] = useState<OfflineAccountForm>(() => initialOfflineForm(toIsoDate(new Date())));
  const [errors, setErrors] = useState(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const change = (part: Partial<OfflineAccountForm>) => setForm((current) => ({ ...current, ...part }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateOffline(form, false);
    setErrors(checked);
    if (Object.keys(checked.fields).length > 0) return;
    setBusy(true);
    try {
      const response = await api.post<{ data?: { account?: { id?: unknown } } }>(institutionAccountsPath(institution.id), newAccountBody(form));
      if (!response.ok) return setErrors(offlineServerErrors(response.body, GENERIC_ERROR));
      await refresh();
      const id = response.body.data?.account?.id;
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
        Add Account
      </Button>
    </>
  );
  return (
    <Dialog open title={`Add Account to ${institution.name}`} onClose={onClose} actions={actions} testId="add-account-dialog">
      <form id={FORM_ID} onSubmit={(event) => void submit(event)} noValidate>
        <AccountFields form={form} errors={errors.fields} catalogue={catalogue} onChange={change} />
        <FormError message={errors.general} />
      </form>
    </Dialog>
  );
}
