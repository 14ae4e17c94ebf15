import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GOOD_PASSWORD, signUp, startIdentityTestApp, type IdentityTestApp, type SignedUpUser } from '../testing/index.js';

/**
 * Re-authentication for what cannot be undone (libs/identity/README.md "Re-authentication"): a
 * password change asks for the current password, except in a session a recovery code opened within
 * 10 minutes; an e-mail change and deleting the account ask for it unless the session was opened
 * within the last 5 minutes. Refusals are 403 on `currentPassword` in the spec's error format, and
 * change nothing. The test clock moves the sessions' age; nothing here measures time.
 */
let t: IdentityTestApp;
beforeAll(async () => {
  t = await startIdentityTestApp({ rateLimits: { currentPasswordFailuresPerUser: { limit: 3, windowSeconds: 900 } } });
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60_000;
const REQUIRED = { field: 'currentPassword', code: 'E_REAUTHENTICATION_REQUIRED', message: 'Enter your current password' };
const WRONG = { field: 'currentPassword', code: 'E_INVALID_CREDENTIALS', message: 'The current password is not correct.' };

const errorsOf = (response: { body: string }) => (JSON.parse(response.body) as { errors: unknown[] }).errors;
const login = async (user: SignedUpUser, password = user.password) => {
  const answer = await t.http.post('login', { username: user.username, password });
  expect(answer.status, answer.body).toBe(200);
  return answer.json<{ data: { access: string; refresh: string } }>().data;
};
const recover = async (user: SignedUpUser) => {
  expect((await t.http.post('code-request', { email: user.email })).status).toBe(200);
  const verified = await t.http.post('code-verify', { email: user.email, code: t.mail.codeSentTo(user.email) });
  expect(verified.status, verified.body).toBe(200);
  return verified.json<{ data: { access: string } }>().data;
};
const changePassword = (access: string, body: Record<string, unknown>) => t.http.post('password/update', body, access);
const deleteAccount = (access: string, body?: unknown) => t.http.call('DELETE', 'user', { token: access, ...(body === undefined ? {} : { body }) });
const canSignIn = async (user: SignedUpUser, password: string) => (await t.http.post('login', { username: user.username, password })).status === 200;

describe('a password change from /user (a session opened by signing in)', () => {
  test('without the current password is refused with 403 "Enter your current password", even right after signing in, and the password stays', async () => {
    const user = await signUp(t.http, t.mail, 'pw-missing');
    const session = await login(user);
    const refused = await changePassword(session.access, { password: 'Changed456', passwordConfirmation: 'Changed456' });
    expect(refused.status).toBe(403);
    expect(errorsOf(refused)).toEqual([expect.objectContaining(REQUIRED)]);
    expect(await canSignIn(user, GOOD_PASSWORD)).toBe(true);
    expect(await canSignIn(user, 'Changed456')).toBe(false);
  });

  test('with a wrong current password is refused with 403 on currentPassword, and the password stays', async () => {
    const user = await signUp(t.http, t.mail, 'pw-wrong');
    const session = await login(user);
    const refused = await changePassword(session.access, { currentPassword: 'Wrong1234', password: 'Changed456', passwordConfirmation: 'Changed456' });
    expect(refused.status).toBe(403);
    expect(errorsOf(refused)).toEqual([expect.objectContaining(WRONG)]);
    expect(await canSignIn(user, 'Changed456')).toBe(false);
  });

  test('with the right current password sets the new one (also long after signing in)', async () => {
    const user = await signUp(t.http, t.mail, 'pw-right');
    const session = await login(user);
    // Past every window, within the access token's 15 minutes.
    t.clock.advance(12 * MINUTE);
    const changed = await changePassword(session.access, { currentPassword: GOOD_PASSWORD, password: 'Changed456', passwordConfirmation: 'Changed456' });
    expect([changed.status, changed.body]).toEqual([200, '']);
    expect(await canSignIn(user, GOOD_PASSWORD)).toBe(false);
    expect(await canSignIn(user, 'Changed456')).toBe(true);
  });

  test('wrong current passwords are rate limited per user like sign-ins: after the limit even the right one answers 429 until the window ends', async () => {
    const user = await signUp(t.http, t.mail, 'pw-limit');
    const session = await login(user);
    for (let i = 0; i < 3; i += 1) {
      expect((await changePassword(session.access, { currentPassword: `Wrong${i}abcD`, password: 'Changed456', passwordConfirmation: 'Changed456' })).status).toBe(403);
    }
    const limited = await changePassword(session.access, { currentPassword: GOOD_PASSWORD, password: 'Changed456', passwordConfirmation: 'Changed456' });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(errorsOf(limited)).toEqual([expect.objectContaining({ field: 'general', code: 'E_TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' })]);
    expect(await canSignIn(user, 'Changed456')).toBe(false);
  });
});

describe('password recovery keeps working with the spec client\'s exact body', () => {
  test('code-request → code-verify → POST /password/update {password, passwordConfirmation} → signs in with the new password', async () => {
    const user = await signUp(t.http, t.mail, 'recover');
    const session = await recover(user);
    const updated = await changePassword(session.access, { password: 'Changed456', passwordConfirmation: 'Changed456' });
    expect([updated.status, updated.body]).toEqual([200, '']);
    expect(await canSignIn(user, 'Changed456')).toBe(true);
  });

  test('a recovery session may set the password without the current one only within 10 minutes of the code', async () => {
    const user = await signUp(t.http, t.mail, 'recover-late');
    const early = await recover(user);
    t.clock.advance(9 * MINUTE);
    expect((await changePassword(early.access, { password: 'Changed456', passwordConfirmation: 'Changed456' })).status).toBe(200);

    const late = await recover(user);
    t.clock.advance(11 * MINUTE);
    // The access token lives 15 minutes; the session is older than the recovery window.
    const refused = await changePassword(late.access, { password: 'Again7890', passwordConfirmation: 'Again7890' });
    expect(refused.status).toBe(403);
    expect(errorsOf(refused)).toEqual([expect.objectContaining(REQUIRED)]);
    expect(await canSignIn(user, 'Changed456')).toBe(true);
    expect(await canSignIn(user, 'Again7890')).toBe(false);
  });

  test('a new password still follows the register rules once the current one is accepted', async () => {
    const user = await signUp(t.http, t.mail, 'recover-weak');
    const session = await recover(user);
    const weak = await changePassword(session.access, { password: 'short', passwordConfirmation: 'short' });
    expect(weak.status).toBe(422);
    expect(await canSignIn(user, GOOD_PASSWORD)).toBe(true);
  });
});

describe('an e-mail change', () => {
  test('right after signing in needs no password (the spec client\'s body {email})', async () => {
    const user = await signUp(t.http, t.mail, 'mail-recent');
    const session = await login(user);
    const next = `next-${user.email}`;
    const patched = await t.http.patch('user', { email: next }, session.access);
    expect(patched.status, patched.body).toBe(200);
    expect(patched.json().pendingEmail).toBe(next);
  });

  test('later needs the current password: without it 403, with a wrong one 403, with the right one it is done', async () => {
    const user = await signUp(t.http, t.mail, 'mail-later');
    const session = await login(user);
    t.clock.advance(6 * MINUTE);
    const next = `next-${user.email}`;
    const missing = await t.http.patch('user', { email: next }, session.access);
    expect(missing.status).toBe(403);
    expect(errorsOf(missing)).toEqual([expect.objectContaining(REQUIRED)]);
    const wrong = await t.http.patch('user', { email: next, currentPassword: 'Wrong1234' }, session.access);
    expect(wrong.status).toBe(403);
    expect(errorsOf(wrong)).toEqual([expect.objectContaining(WRONG)]);
    expect((await t.http.get('user', session.access)).json().data.pendingEmail).toBeNull();
    expect(t.mail.countTo(next)).toBe(0);

    const right = await t.http.patch('user', { email: next, currentPassword: GOOD_PASSWORD }, session.access);
    expect(right.status, right.body).toBe(200);
    expect(right.json().pendingEmail).toBe(next);
  });
});

describe('deleting the account', () => {
  test('right after signing in needs no password and no body (the spec client\'s call)', async () => {
    const user = await signUp(t.http, t.mail, 'del-recent');
    const session = await login(user);
    const deleted = await t.http.delete('user', session.access);
    expect([deleted.status, deleted.body]).toEqual([200, '']);
    expect(await canSignIn(user, GOOD_PASSWORD)).toBe(false);
  });

  test('later: without the password 403 and nothing is erased; a wrong one 403; the right one erases', async () => {
    const user = await signUp(t.http, t.mail, 'del-later');
    const session = await login(user);
    t.clock.advance(6 * MINUTE);
    const missing = await deleteAccount(session.access);
    expect(missing.status).toBe(403);
    expect(errorsOf(missing)).toEqual([expect.objectContaining(REQUIRED)]);
    const wrong = await deleteAccount(session.access, { currentPassword: 'Wrong1234' });
    expect(wrong.status).toBe(403);
    expect(errorsOf(wrong)).toEqual([expect.objectContaining(WRONG)]);
    expect((await t.http.get('user', session.access)).status).toBe(200);
    expect(await canSignIn(user, GOOD_PASSWORD)).toBe(true);

    const right = await deleteAccount(session.access, { currentPassword: GOOD_PASSWORD });
    expect([right.status, right.body]).toEqual([200, '']);
    expect(await canSignIn(user, GOOD_PASSWORD)).toBe(false);
  });

  test('a current password that is not text is a 422 on currentPassword, and nothing is erased', async () => {
    const user = await signUp(t.http, t.mail, 'del-bad');
    const refused = await deleteAccount(user.access, { currentPassword: 12345 });
    expect(refused.status).toBe(422);
    expect(errorsOf(refused)).toEqual([expect.objectContaining({ field: 'currentPassword' })]);
    expect((await t.http.get('user', user.access)).status).toBe(200);
  });
});
