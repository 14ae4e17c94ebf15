import { describe, expect, it } from 'vitest';
import { toFormErrors } from '../forms/form-errors.js';
import { oneSignInError } from './sign-in-errors.js';

describe('oneSignInError', () => {
  it('shows the wrong-credentials message once, not under both fields', () => {
    const body = { errors: [{ field: 'username', message: 'The username or password is not correct.' }, { field: 'password', message: 'The username or password is not correct.' }] };
    expect(oneSignInError(toFormErrors(body, ['username', 'password'] as const)!)).toEqual({ fields: {}, general: 'The username or password is not correct.' });
  });

  it("keeps a field's own message on its field", () => {
    const errors = { fields: { username: 'Please verify your e-mail address first.' }, general: null };
    expect(oneSignInError(errors)).toBe(errors);
    const required = { fields: { username: 'A username is required', password: 'A password is required' }, general: null };
    expect(oneSignInError(required)).toBe(required);
  });
});
