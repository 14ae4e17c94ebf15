import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { ApiResponse } from '../api/api-client.js';
import { isApiError } from '../api/api-error.js';
import { toFormErrors, type FormErrors } from './form-errors.js';

/** The body of an ok answer: the route's parsed answer for `api.send`, else unknown. */
type SuccessBody<R extends ApiResponse> = [Extract<R, { ok: true }>] extends [never] ? R['body'] : Extract<R, { ok: true }>['body'];

export const GENERIC_ERROR = 'An error occured. Please try again later.';

/**
 * What a form says when sending threw: a write the server stored but could not show yet says so
 * (sending it again would not help), anything else is the generic error.
 */
export function sendFailure(error: unknown): string {
  return isApiError(error) && error.kind === 'pending' ? error.message : GENERIC_ERROR;
}

/**
 * State of a form sent to the server: values, submitting flag, and the server's errors mapped
 * onto fields, with anything else in the general error.
 */
export function useServerForm<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors<F>>({ fields: {}, general: null });
  const [submitting, setSubmitting] = useState(false);
  const names = Object.keys(initial) as F[];

  const fail = (general: string) => setErrors({ fields: {}, general });

  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors.fields[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  /**
   * An onSubmit handler: sends (`api.send(contract, …)`), then calls onSuccess with the parsed
   * answer or shows the errors.
   */
  const handleSubmit =
    <R extends ApiResponse>(send: (values: Record<F, string>) => Promise<R>, onSuccess: (body: NoInfer<SuccessBody<R>>) => void, fallback = GENERIC_ERROR) =>
    async (event: FormEvent) => {
      event.preventDefault();
      setSubmitting(true);
      setErrors({ fields: {}, general: null });
      try {
        const response = await send(values);
        if (response.ok) onSuccess(response.body as SuccessBody<R>);
        else setErrors(toFormErrors(response.body, names) ?? { fields: {}, general: fallback });
      } catch (error) {
        fail(sendFailure(error));
      } finally {
        setSubmitting(false);
      }
    };

  return { values, errors, submitting, field, fail, handleSubmit };
}
