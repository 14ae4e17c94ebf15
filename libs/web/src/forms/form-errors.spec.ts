import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.js';
import { toFormErrors, withoutFieldErrors } from './form-errors.js';
import { answerFailure, GENERIC_ERROR, NO_ANSWER, sendFailure } from './use-server-form.js';

const fields = ['username', 'password'] as const;

describe('toFormErrors', () => {
  it('maps field/message entries onto their fields', () => {
    const body = { errors: [{ field: 'username', message: 'Taken' }, { field: 'password', message: 'Short' }] };
    expect(toFormErrors(body, fields)).toEqual({ fields: { username: 'Taken', password: 'Short' }, general: null });
  });

  it('maps source.pointer/detail entries, reading the field from the pointer path', () => {
    const body = {
      errors: [
        { code: 'minLength', detail: 'Too short', source: { pointer: 'password' } },
        { code: 'unique', detail: 'Taken', source: { pointer: '/data/attributes/username' } },
      ],
    };
    expect(toFormErrors(body, fields)?.fields).toEqual({ password: 'Too short', username: 'Taken' });
  });

  it('shows a password mismatch under the confirmation field, every other message on its own field at once', () => {
    const body = {
      errors: [
        { field: 'username', code: 'required', message: 'A username is required' },
        { field: 'email', code: 'email', message: 'The email field must be a valid email address' },
        { field: 'password', code: 'confirmed', message: 'Passwords must match the confirmed password' },
      ],
    };
    expect(toFormErrors(body, ['username', 'email', 'password', 'passwordConfirmation'] as const)?.fields).toEqual({
      username: 'A username is required',
      email: 'The email field must be a valid email address',
      passwordConfirmation: 'Passwords must match the confirmed password',
    });
    // Without a confirmation field it stays on the password.
    expect(toFormErrors(body, fields)?.fields.password).toBe('Passwords must match the confirmed password');
  });

  it('keeps the first message of a field', () => {
    const body = { errors: [{ field: 'password', message: 'First' }, { field: 'password', message: 'Second' }] };
    expect(toFormErrors(body, fields)?.fields.password).toBe('First');
  });

  it('sends unknown fields and field-less entries to the general error', () => {
    const body = { errors: [{ field: 'email', message: 'Bad email' }, { code: 'HAS_CHILDREN', detail: 'Has children' }] };
    expect(toFormErrors(body, fields)).toEqual({ fields: {}, general: 'Bad email Has children' });
  });

  it('falls back to the code when no message is given', () => {
    expect(toFormErrors({ errors: [{ code: 'E_LOCKED' }] }, fields)?.general).toBe('E_LOCKED');
  });

  it('answers null for bodies without an errors list', () => {
    expect(toFormErrors('', fields)).toBeNull();
    expect(toFormErrors({ message: 'x' }, fields)).toBeNull();
    expect(toFormErrors(undefined, fields)).toBeNull();
  });
});

describe('sendFailure', () => {
  it('says a stored-but-pending write is saved, a write with no answer may be saved and is safe to retry, a broken answer failed', () => {
    expect(sendFailure(ApiError.pending({ pending: true, position: '1', message: 'Saved — updating balances…' }))).toBe('Saved — updating balances…');
    expect(sendFailure(new TypeError('Failed to fetch'))).toBe(NO_ANSWER);
    expect(sendFailure(new Error('server error'))).toBe(NO_ANSWER);
    expect(sendFailure(ApiError.invalidResponse(200, {}, 'x'))).toBe(GENERIC_ERROR);
    expect(answerFailure(502)).toBe(NO_ANSWER);
    expect(answerFailure(400)).toBe(GENERIC_ERROR);
  });
});

describe('withoutFieldErrors', () => {
  it('drops the messages of the changed fields only, and keeps the general one', () => {
    const errors = { fields: { date: 'A date must be specified.', name: 'A name must be provided.' }, general: 'Sum off' };
    expect(withoutFieldErrors(errors, ['date'])).toEqual({ fields: { name: 'A name must be provided.' }, general: 'Sum off' });
    expect(withoutFieldErrors(errors, Object.keys({ name: 'x', comment: '' }))).toEqual({ fields: { date: 'A date must be specified.' }, general: 'Sum off' });
  });

  it('gives the same object back when no changed field had a message (no re-render)', () => {
    const errors = { fields: { date: 'A date must be specified.' }, general: null };
    expect(withoutFieldErrors(errors, ['comment'])).toBe(errors);
  });
});
