import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ApiResponse } from '../api/api-client.js';
import { isApiError } from '../api/api-error.js';
import { WriteAction } from '../api/write-action.js';
import { toFormErrors, withoutFieldErrors, type FormErrors } from './form-errors.js';

/** The body of an ok answer: the route's parsed answer for `api.send`, else unknown. */
type SuccessBody<R extends ApiResponse> = [Extract<R, { ok: true }>] extends [never] ? R['body'] : Extract<R, { ok: true }>['body'];

export const GENERIC_ERROR = 'An error occured. Please try again later.';

/**
 * What a form says when a write got no answer it could use (a network error, a timeout, a server
 * failure): it may have been stored, and since every retry of the action carries its
 * Idempotency-Key (`WriteAction`), trying again cannot record it twice.
 */
export const NO_ANSWER = "The server's answer did not arrive, so this may or may not have been saved. Trying again is safe: it will not be saved twice.";

/**
 * What a form says when sending threw: a write the server stored but could not show yet says so
 * (sending it again would not help), an answer that breaks the route's contract is the generic
 * error, and anything else (no answer, a server failure) says that trying again is safe.
 */
export function sendFailure(error: unknown): string {
  if (!isApiError(error)) return NO_ANSWER;
  return error.kind === 'pending' ? error.message : GENERIC_ERROR;
}

/** What a form says for an error answer without a field list: a 5xx is `NO_ANSWER`, else the fallback. */
export function answerFailure(status: number, fallback = GENERIC_ERROR): string {
  return status >= 500 ? NO_ANSWER : fallback;
}

/**
 * State of a form sent to the server: values, submitting flag, and the server's errors mapped
 * onto fields, with anything else in the general error.
 */
export function useServerForm<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors<F>>({ fields: {}, general: null });
  const [submitting, setSubmitting] = useState(false);
  const action = useRef<WriteAction | null>(null);
  action.current ??= new WriteAction();
  const names = Object.keys(initial) as F[];

  const fail = (general: string) => setErrors({ fields: {}, general });

  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors.fields[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => withoutFieldErrors(current, [name]));
    },
  });

  /**
   * An onSubmit handler: sends (`api.send(contract, request, {idempotencyKey})`, with the form's
   * write action's key, the same for every submit until one gets a definitive answer), then calls
   * onSuccess with the parsed answer or shows the errors.
   */
  const handleSubmit =
    <R extends ApiResponse>(send: (values: Record<F, string>, idempotencyKey: string) => Promise<R>, onSuccess: (body: NoInfer<SuccessBody<R>>) => void, fallback = GENERIC_ERROR) =>
    async (event: FormEvent) => {
      event.preventDefault();
      setSubmitting(true);
      setErrors({ fields: {}, general: null });
      try {
        const response = await action.current!.run((key) => send(values, key));
        if (response.ok) onSuccess(response.body as SuccessBody<R>);
        else setErrors(toFormErrors(response.body, names) ?? { fields: {}, general: answerFailure(response.status, fallback) });
      } catch (error) {
        fail(sendFailure(error));
      } finally {
        setSubmitting(false);
      }
    };

  return { values, errors, submitting, field, fail, handleSubmit };
}
