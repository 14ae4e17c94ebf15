import { useState } from 'react';
import { answerFailure, isApiError, sendFailure, type FormErrors } from '@budget/web';
import { serverErrors } from './server-errors.js';

/** What a save answers: ok, or the error status with the server's body. */
interface SaveResponse {
  ok: boolean;
  status: number;
  body: unknown;
}

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
      setErrors(response.status >= 500 ? { fields: {}, general: answerFailure(response.status) } : serverErrors(response.body, fields));
    } catch (error) {
      // Stored, with the read models still catching up: done as far as this dialog goes.
      if (isApiError(error) && error.kind === 'pending') return onClose();
      setErrors({ fields: {}, general: sendFailure(error) });
    } finally {
      setBusy(false);
      setDeleting(false);
    }
  };
  return { errors, setErrors, busy, deleting, setDeleting, run };
}
