import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newIdentity, signUp, startIdentityTestApp, type IdentityTestApp } from '../testing/index.js';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await startIdentityTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('pending e-mail', () => {
  test('PATCH /user sets pendingEmail, mails a code to the new address; code-verify with it applies the change', async () => {
    const user = await signUp(t.http, t.mail);
    const next = newIdentity('moved').email;
    const patched = await t.http.patch('user', { email: ` ${next.toUpperCase()} ` }, user.access);
    expect(patched.status).toBe(200);
    expect(patched.json()).toMatchObject({ username: user.username, email: user.email, pendingEmail: next });
    expect(t.mail.lastTo(next).subject).toBe('Confirm your new e-mail address');

    const verified = await t.http.post('code-verify', { email: next, code: t.mail.codeSentTo(next) });
    expect(verified.status).toBe(200);
    const after = (await t.http.get('user', verified.json().data.access)).json().data;
    expect(after).toMatchObject({ email: next, pendingEmail: null });
    expect((await t.http.post('login', { username: user.username, password: user.password })).status).toBe(200);
  });

  test('resend mails a new code that replaces the old one', async () => {
    const user = await signUp(t.http, t.mail);
    const next = newIdentity('resend').email;
    await t.http.patch('user', { email: next }, user.access);
    const first = t.mail.codeSentTo(next);
    const resent = await t.http.post('user/pending-email/resend', undefined, user.access);
    expect([resent.status, resent.body]).toEqual([200, '']);
    expect(t.mail.countTo(next)).toBe(2);
    const second = t.mail.codeSentTo(next);
    if (first !== second) expect((await t.http.post('code-verify', { email: next, code: first })).status).toBe(422);
    expect((await t.http.post('code-verify', { email: next, code: second })).status).toBe(200);
  });

  test('DELETE /user/pending-email clears it and kills its code', async () => {
    const user = await signUp(t.http, t.mail);
    const next = newIdentity('cancel').email;
    await t.http.patch('user', { email: next }, user.access);
    const cleared = await t.http.delete('user/pending-email', user.access);
    expect(cleared.status).toBe(200);
    expect(cleared.json()).toMatchObject({ email: user.email, pendingEmail: null });
    const late = await t.http.post('code-verify', { email: next, code: t.mail.codeSentTo(next) });
    expect(late.status).toBe(422);
  });

  test('an invalid or taken address is refused', async () => {
    const user = await signUp(t.http, t.mail);
    const other = await signUp(t.http, t.mail);
    const invalid = await t.http.patch('user', { email: 'nope' }, user.access);
    expect(invalid.status).toBe(422);
    expect(invalid.json().errors[0]).toMatchObject({ field: 'email', message: 'The email address is not valid.' });
    const taken = await t.http.patch('user', { email: other.email }, user.access);
    expect(taken.status).toBe(422);
    expect(taken.json().errors[0]).toMatchObject({ field: 'email', message: 'The email has already been taken' });
  });

  test('a pending address does not receive sign-in codes before it is confirmed', async () => {
    const user = await signUp(t.http, t.mail);
    const next = newIdentity('pending').email;
    await t.http.patch('user', { email: next }, user.access);
    const mails = t.mail.countTo(next);
    await t.http.post('code-request', { email: next });
    expect(t.mail.countTo(next)).toBe(mails);
  });

  test('GET /user answers only for the caller', async () => {
    const a = await signUp(t.http, t.mail);
    const b = await signUp(t.http, t.mail);
    expect((await t.http.get('user', a.access)).json().data.username).toBe(a.username);
    expect((await t.http.get('user', b.access)).json().data.username).toBe(b.username);
  });
});

describe('after the change', () => {
  test('a sign-in code mailed to the old address no longer works', async () => {
    const user = await signUp(t.http, t.mail);
    await t.http.post('code-request', { email: user.email });
    const oldCode = t.mail.codeSentTo(user.email);
    const next = newIdentity('switch').email;
    await t.http.patch('user', { email: next }, user.access);
    await t.http.post('code-verify', { email: next, code: t.mail.codeSentTo(next) });
    expect((await t.http.post('code-verify', { email: user.email, code: oldCode })).status).toBe(422);
  });
});
