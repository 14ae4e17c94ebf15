import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_CODE_ATTEMPTS, MAX_CODE_ATTEMPTS_PER_REQUESTER } from '../domain/one-time-code.js';
import { GOOD_PASSWORD, newIdentity, signUp, startIdentityTestApp, type IdentityTestApp } from '../testing/index.js';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await startIdentityTestApp();
});
afterAll(async () => {
  await t.close();
});

const verify = (email: string, code: string) => t.http.post('code-verify', { email, code });
const codeError = (response: { json(): { errors: { field: string; message: string }[] } }) => response.json().errors.map((e) => [e.field, e.message]);
const NOT_VALID = [['code', 'This code is not valid.']];

async function registered(): Promise<{ username: string; email: string; code: string }> {
  const { username, email } = newIdentity('code');
  await t.http.post('register', { username, email, password: GOOD_PASSWORD, passwordConfirmation: GOOD_PASSWORD });
  return { username, email, code: t.mail.codeSentTo(email) };
}

describe('one-time codes', () => {
  test('a code is 8 Crockford characters shown XXXX-XXXX and is stored only hashed', async () => {
    const { email, code } = await registered();
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    const { rows } = await t.db.pool.query('SELECT code_hash FROM identity_codes WHERE address = $1', [email]);
    expect(rows[0].code_hash).not.toContain(code.replace('-', ''));
  });

  test('a code works once', async () => {
    const { email, code } = await registered();
    expect((await verify(email, code)).status).toBe(200);
    const again = await verify(email, code);
    expect(again.status).toBe(422);
    expect(codeError(again)).toEqual(NOT_VALID);
  });

  test('a code expires after 10 minutes', async () => {
    const { email, code } = await registered();
    t.clock.advance(10 * 60_000);
    const expired = await verify(email, code);
    expect(expired.status).toBe(422);
    expect(codeError(expired)).toEqual([['code', 'This code has expired.']]);
  });

  test('a code still works just before 10 minutes', async () => {
    const { email, code } = await registered();
    t.clock.advance(10 * 60_000 - 1_000);
    expect((await verify(email, code)).status).toBe(200);
  });

  test("a stranger's wrong tries never spend the owner's: after 5, that requester is 429, and the owner still signs in", async () => {
    const { email, code } = await registered();
    const stranger = '203.0.113.7';
    for (let i = 0; i < MAX_CODE_ATTEMPTS_PER_REQUESTER; i += 1) expect(codeError(await t.http.post('code-verify', { email, code: 'AAAA-AAAA' }, undefined, stranger))).toEqual(NOT_VALID);
    const sixth = await t.http.post('code-verify', { email, code }, undefined, stranger);
    expect(sixth.status).toBe(429);
    expect((await t.http.post('code-verify', { email, code }, undefined, '198.51.100.20')).status).toBe(200);
  });

  test(`after ${MAX_CODE_ATTEMPTS} wrong tries from anyone the code is dead, even the right one`, async () => {
    const { email, code } = await registered();
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i += 1) {
      const from = `192.0.2.${1 + Math.floor(i / MAX_CODE_ATTEMPTS_PER_REQUESTER)}`;
      expect(codeError(await t.http.post('code-verify', { email, code: 'AAAA-AAAA' }, undefined, from))).toEqual(NOT_VALID);
    }
    const right = await t.http.post('code-verify', { email, code }, undefined, '198.51.100.30');
    expect(right.status).toBe(422);
    expect(codeError(right)).toEqual(NOT_VALID);
  });

  test('a new code replaces the old one and resets the tries', async () => {
    const { email, code: first } = await registered();
    for (let i = 0; i < 4; i += 1) await verify(email, 'AAAA-AAAA');
    expect((await t.http.post('code-request', { email })).status).toBe(200);
    const second = t.mail.codeSentTo(email);
    expect(t.mail.lastTo(email).subject).toBe('Verification Code');
    if (second !== first) expect(codeError(await verify(email, first))).toEqual(NOT_VALID);
    expect((await verify(email, second)).status).toBe(200);
  });

  test('compare ignores case and the dash', async () => {
    const { email, code } = await registered();
    expect((await verify(email, code.replace('-', '').toLowerCase())).status).toBe(200);
  });

  test('an unknown address answers exactly like a wrong code (no enumeration)', async () => {
    const unknown = await verify('nobody@example.test', 'AAAA-AAAA');
    const { email } = await registered();
    const wrong = await verify(email, 'AAAA-AAAA');
    expect([unknown.status, unknown.body]).toEqual([wrong.status, wrong.body]);
  });
});

describe('POST /code-request', () => {
  test('always an empty 200 for a well-formed address; mail only to a known one', async () => {
    const before = t.mail.sent.length;
    const unknown = await t.http.post('code-request', { email: 'nobody-at-all@example.test' });
    expect([unknown.status, unknown.body]).toEqual([200, '']);
    expect(t.mail.sent.length).toBe(before);

    const user = await signUp(t.http, t.mail);
    const known = await t.http.post('code-request', { email: user.email.toUpperCase() });
    expect([known.status, known.body]).toEqual([200, '']);
    expect(t.mail.countTo(user.email)).toBe(2);
  });

  test('an invalid address is a 422', async () => {
    const response = await t.http.post('code-request', { email: 'not-an-email' });
    expect(response.status).toBe(422);
    expect(codeError(response)).toEqual([['email', 'A valid email address must be provided']]);
  });

  test('recovery: code-request → code-verify signs in → password update → login with the new password', async () => {
    const user = await signUp(t.http, t.mail);
    await t.http.post('code-request', { email: user.email });
    const session = (await verify(user.email, t.mail.codeSentTo(user.email))).json().data;
    const updated = await t.http.post('password/update', { password: 'Changed456', passwordConfirmation: 'Changed456' }, session.access);
    expect([updated.status, updated.body]).toEqual([200, '']);
    expect((await t.http.post('login', { username: user.username, password: GOOD_PASSWORD })).status).toBe(401);
    expect((await t.http.post('login', { username: user.username, password: 'Changed456' })).status).toBe(200);
  });
});
