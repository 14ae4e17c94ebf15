import { useState, type FormEvent, type ReactNode } from 'react';
import { FormDialog, FormError, GENERIC_ERROR, LoadError, sendFailure, toIsoDate, useLedgerRefresh, withoutFieldErrors } from '@budget/web';
import { AccountFields } from './AccountFields.js';
import { useAccountTypes } from './account-types.js';
import { initialOfflineForm, offlineServerErrors, type OfflineAccountForm, type OfflineErrors } from './offline-form.js';

const NO_ERRORS: OfflineErrors = { fields: {}, general: null };

export interface OfflineAccountDialogProps {
  title: string;
  submitLabel: string;
  testId: string;
  /** Client-side checks, in the spec's words. */
  validate: (form: OfflineAccountForm) => OfflineErrors;
  /** The request: the error status with its body, or the id of the account it created. */
  send: (form: OfflineAccountForm) => Promise<{ ok: false; body: unknown } | { ok: true; createdId: string | null }>;
  /** Fields above the account's own (the institution name). */
  header?: (form: OfflineAccountForm, errors: OfflineErrors, change: (part: Partial<OfflineAccountForm>) => void) => ReactNode;
  onClose: () => void;
  onCreated: (accountId: string | null) => void;
}

/**
 * The offline-account form in a dialog, shared by Add Offline Institution and Add Account:
 * validate, send, map the server's errors onto the fields, refresh the ledger, report the new id.
 */
export function OfflineAccountDialog({ title, submitLabel, testId, validate, send, header, onClose, onCreated }: OfflineAccountDialogProps) {
  const refresh = useLedgerRefresh();
  const types = useAccountTypes();
  const [form, setForm] = useState<OfflineAccountForm>(() => initialOfflineForm(toIsoDate(new Date())));
  const [errors, setErrors] = useState(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const change = (part: Partial<OfflineAccountForm>) => {
    setForm((current) => ({ ...current, ...part }));
    setErrors((current) => withoutFieldErrors(current, Object.keys(part)));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(form);
    setErrors(checked);
    if (Object.keys(checked.fields).length > 0) return;
    setBusy(true);
    try {
      const result = await send(form);
      if (!result.ok) return setErrors(offlineServerErrors(result.body, GENERIC_ERROR));
      await refresh();
      onCreated(result.createdId);
    } catch (error) {
      setErrors({ fields: {}, general: sendFailure(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog title={title} submitLabel={submitLabel} busy={busy} onSubmit={submit} onClose={onClose} testId={testId}>
      {header?.(form, errors, change)}
      {types.isError ? (
        <LoadError what="The account types" error={types.error} onRetry={() => void types.refetch()} retrying={types.isFetching} />
      ) : null}
      <AccountFields form={form} errors={errors.fields} catalogue={types.data} onChange={change} />
      <FormError message={errors.general} />
    </FormDialog>
  );
}
