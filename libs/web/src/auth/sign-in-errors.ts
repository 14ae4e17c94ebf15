import type { FormErrors } from '../forms/form-errors.js';

/**
 * Wrong credentials come back with the same message on `username` and `password` (libs/contracts
 * `login`): shown under both fields it reads as two mistakes. The form shows it once, under the
 * form, in its general error field (product-spec §8); a message of one field only stays on that field.
 */
export function oneSignInError<F extends 'username' | 'password'>(errors: FormErrors<F>): FormErrors<F> {
  const { username, password } = errors.fields as Partial<Record<'username' | 'password', string>>;
  if (username === undefined || username !== password) return errors;
  const general = errors.general && errors.general !== username ? `${username} ${errors.general}` : username;
  return { fields: {}, general };
}
