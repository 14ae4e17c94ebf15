import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, startIdentityTestApp, type IdentityTestApp, type SignedUpUser, type TestResponse } from '../testing/index.js';

let t: IdentityTestApp;
let user: SignedUpUser;
beforeAll(async () => {
  t = await startIdentityTestApp();
  user = await signUp(t.http, t.mail);
});
afterAll(async () => {
  await t.close();
});

const NUL = 'bad\u0000text';
const LONE_SURROGATE = 'bad\uD800text';
const HUGE = 'x'.repeat(5000);
const fieldsOf = (response: TestResponse) => response.json<{ errors: { field: string }[] }>().errors.map((e) => e.field);

/** Bad input is refused at the edge: 422 in the spec's format, one entry per bad field, never a 500. */
function expectRefused(response: TestResponse, fields: string[]): void {
  expect(response.status, response.body).toBe(422);
  expect(fieldsOf(response)).toEqual(fields);
  for (const error of response.json<{ errors: object[] }>().errors) {
    expect(error).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String), detail: expect.any(String) }));
  }
}

describe('public routes refuse bad input with a 422', () => {
  test('register: wrong types, one entry per field', async () => {
    const response = await t.http.post('register', { username: 42, email: ['a@b.test'], password: {}, passwordConfirmation: true });
    expectRefused(response, ['username', 'email', 'password', 'passwordConfirmation']);
    expect(response.json().errors[0].message).toBe('The username must be text.');
  });

  test('register: NUL and lone surrogates, overlong text', async () => {
    expectRefused(await t.http.post('register', { username: NUL, email: LONE_SURROGATE, password: 'Secret123', passwordConfirmation: 'Secret123' }), ['username', 'email']);
    const long = await t.http.post('register', { username: HUGE, email: `${HUGE}@example.test`, password: HUGE, passwordConfirmation: HUGE });
    expect(long.json().errors.map((e: { field: string; message: string }) => [e.field, e.message])).toEqual([
      ['username', 'The username must be at most 80 characters long'],
      ['email', 'The email field must be a valid email address'],
      ['password', 'Passwords must be less than 65 characters long'],
      ['passwordConfirmation', 'Passwords must match the confirmed password'],
    ]);
  });

  test('register: a body that is not an object', async () => {
    expectRefused(await t.http.post('register', [1, 2]), ['body']);
  });

  test('login: wrong types and NUL are 422, not a lookup', async () => {
    const response = await t.http.post('login', { username: 1, password: null });
    expectRefused(response, ['username', 'password']);
    expect(response.json().errors.map((e: { message: string }) => e.message)).toEqual(['The username must be text.', 'A password is required']);
    expectRefused(await t.http.post('login', { username: NUL, password: HUGE }), ['username', 'password']);
    expect((await t.http.post('login', { username: '  ', password: '' })).json().errors.map((e: { message: string }) => e.message)).toEqual([
      'A username is required', 'A password is required',
    ]);
  });

  test('code-request and code-verify', async () => {
    expectRefused(await t.http.post('code-request', { email: 5 }), ['email']);
    expectRefused(await t.http.post('code-request', { email: `a${NUL}@example.test` }), ['email']);
    expectRefused(await t.http.post('code-request', {}), ['email']);
    expectRefused(await t.http.post('code-verify', { email: user.email, code: 12345678 }), ['code']);
    expectRefused(await t.http.post('code-verify', { email: user.email, code: NUL }), ['code']);
    expectRefused(await t.http.post('code-verify', { email: { a: 1 }, code: 'AAAA-AAAA' }), ['email']);
  });

  test('refresh: a token that is not text is 422; a missing one stays an empty 401', async () => {
    expectRefused(await t.http.post('refresh', { data: { refresh: 5 } }), ['data.refresh']);
    expectRefused(await t.http.post('refresh', { data: 'token' }), ['data']);
    expectRefused(await t.http.post('refresh', { data: { refresh: NUL } }), ['data.refresh']);
    const missing = await t.http.post('refresh', { data: {} });
    expect([missing.status, missing.body]).toEqual([401, '']);
  });
});

describe('signed-in routes refuse bad input with a 422', () => {
  test('PATCH /user', async () => {
    expectRefused(await t.http.patch('user', { email: 5 }, user.access), ['email']);
    expectRefused(await t.http.patch('user', { email: `a${NUL}@example.test` }, user.access), ['email']);
    const missing = await t.http.patch('user', {}, user.access);
    expectRefused(missing, ['email']);
    expect(missing.json().errors[0].message).toBe('The email address is not valid.');
  });

  test('password/update', async () => {
    expectRefused(await t.http.post('password/update', { password: 12345678, passwordConfirmation: 12345678 }, user.access), ['password', 'passwordConfirmation']);
    expectRefused(await t.http.post('password/update', { password: `Secret123${NUL}`, passwordConfirmation: `Secret123${NUL}` }, user.access), [
      'password', 'passwordConfirmation',
    ]);
    const missing = await t.http.post('password/update', {}, user.access);
    expect(missing.json().errors).toEqual([expect.objectContaining({ field: 'password', code: 'required', message: 'A password is required' })]);
  });

  test('logout: a refresh token that is not text', async () => {
    expectRefused(await t.http.post('logout', { data: { refresh: [] } }, user.access), ['data.refresh']);
    expect((await t.http.get('user', user.access)).status).toBe(200);
  });
});
