import { useState } from 'react';
import type { FormErrors } from '@budget/web';
import { serverErrors } from './server-errors.js';
import type { useBudgetSave } from './use-budget-save.js';

type SaveResponse = Awaited<ReturnType<ReturnType<typeof useBudgetSave>>>;

/**
 * Saving a group or category from its dialog: `run` sends one request, closes on success, maps the
 * server's errors onto the form otherwise; `deleting` drives the Delete confirmation.
 */
export function useRecordSave<F extends string>(fields: readonly F[], onClose: () => void) {
  const none: FormErrors<F> = { fields: {}, general: null };
  const [errors, setErrors] = useState<FormErrors<F>>(none);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const run = async (send: () => Promise<SaveResponse>) => {
    setBusy(true);
    setErrors(none);
    try {
      const response = await send();
      if (response.ok) return onClose();
      setErrors(serverErrors(response.body, fields));
    } catch {
      setErrors(serverErrors(null, fields));
    } finally {
      setBusy(false);
      setDeleting(false);
    }
  };
  return { errors, setErrors, busy, deleting, setDeleting, run };
}
