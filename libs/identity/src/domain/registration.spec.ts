import { describe, expect, test } from 'vitest';
import { checkRegistration, inFormOrder, readRegistration, taken, type RegistrationForm } from './registration.js';

const good: RegistrationForm = { username: 'alice', email: 'alice@example.test', password: 'Secret123', passwordConfirmation: 'Secret123' };
const fieldsOf = (form: RegistrationForm) => inFormOrder(checkRegistration(readRegistration(form))).map((p) => [p.field, p.code]);

describe('checkRegistration', () => {
  test('a good form has no problem', () => {
    expect(fieldsOf(good)).toEqual([]);
  });

  test('an empty form names every field, in form order', () => {
    expect(fieldsOf({})).toEqual([['username', 'required'], ['email', 'required'], ['password', 'required']]);
  });

  test('every bad field is reported, not only the first', () => {
    expect(fieldsOf({ username: 'x'.repeat(81), email: 'not-an-address', password: 'weak', passwordConfirmation: 'weak' })).toEqual([
      ['username', 'maxLength'], ['email', 'email'], ['password', 'minLength'],
    ]);
  });

  test('the e-mail address is trimmed and lower-cased', () => {
    expect(readRegistration({ ...good, email: '  Alice@Example.TEST ' }).email).toBe('alice@example.test');
  });

  test('a taken name joins the other problems in form order', () => {
    const problems = checkRegistration(readRegistration({ ...good, password: 'weakpassword', passwordConfirmation: 'weakpassword' }));
    problems.username = taken('username');
    expect(inFormOrder(problems)).toEqual([
      { field: 'username', code: 'database.unique', message: 'The username has already been taken' },
      { field: 'password', code: 'regex', message: 'Passswords must contain at least one lowercase letter, one uppercase letter and one digit' },
    ]);
  });
});
