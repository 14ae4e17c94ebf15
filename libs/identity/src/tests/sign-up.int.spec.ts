import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GOOD_PASSWORD, newIdentity, signUp, startIdentityTestApp, type IdentityTestApp } from '../testing/index.js';

let t: IdentityTestApp;
beforeAll(async () => {
  // Every register here counts against the per-address sign-up limit; these tests are not about it.
  t = await startIdentityTestApp({ rateLimits: { registerPerIp: { limit: 1000, windowSeconds: 3600 } } });
});
afterAll(async () => {
  await t.close();
});

const register = (body: Record<string, unknown>) => t.http.post('register', body);
const messagesOf = (body: { errors: { field: string; message: string }[] }) => body.errors.map((e) => [e.field, e.message]);

describe('POST /register validation (server-behaviour §4.1)', () => {
  test.each([
    ['Ab1', 'Passwords must be at least eight characters long'],
    [`Ab1${'x'.repeat(62)}`, 'Passwords must be less than 65 characters long'],
    ['alllowercase1', 'Passswords must contain at least one lowercase letter, one uppercase letter and one digit'],
  ])('password %s → %s', async (password, message) => {
    const response = await register({ ...newIdentity(), password, passwordConfirmation: password });
    expect(response.status).toBe(422);
    expect(messagesOf(response.json())).toEqual([['password', message]]);
  });

  test('a confirmation that differs', async () => {
    const response = await register({ ...newIdentity(), password: GOOD_PASSWORD, passwordConfirmation: 'Secret124' });
    expect(response.json().errors[0]).toMatchObject({ field: 'password', code: 'confirmed', message: 'Passwords must match the confirmed password', source: { pointer: 'password' } });
  });

  test('duplicates of username and e-mail (case and spaces of the e-mail ignored)', async () => {
    const user = await signUp(t.http, t.mail);
    const response = await register({ username: user.username, email: ` ${user.email.toUpperCase()} `, password: GOOD_PASSWORD, passwordConfirmation: GOOD_PASSWORD });
    expect(response.status).toBe(422);
    expect(messagesOf(response.json())).toEqual([
      ['username', 'The username has already been taken'],
      ['email', 'The email has already been taken'],
    ]);
  });

  test('a taken username and a weak password are both reported in one 422', async () => {
    const user = await signUp(t.http, t.mail);
    const response = await register({ username: user.username, email: newIdentity().email, password: 'weakpassword', passwordConfirmation: 'weakpassword' });
    expect(response.status).toBe(422);
    expect(response.json().errors).toEqual([
      expect.objectContaining({ field: 'username', code: 'database.unique', message: 'The username has already been taken' }),
      expect.objectContaining({ field: 'password', code: 'regex', message: 'Passswords must contain at least one lowercase letter, one uppercase letter and one digit' }),
    ]);
  });

  test('every bad field at once: too long a username, a malformed address, a short password', async () => {
    const response = await register({ username: 'x'.repeat(81), email: 'not-an-email', password: 'Ab1', passwordConfirmation: 'Ab1' });
    expect(response.status).toBe(422);
    expect(messagesOf(response.json())).toEqual([
      ['username', 'The username must be at most 80 characters long'],
      ['email', 'The email field must be a valid email address'],
      ['password', 'Passwords must be at least eight characters long'],
    ]);
  });

  test('missing fields', async () => {
    const response = await register({});
    expect(response.status).toBe(422);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toEqual(['username', 'email', 'password']);
  });
});

describe('sign-up flow', () => {
  test('register → "Welcome!" mail with a code → code-verify → tokens → GET /user', async () => {
    const { username, email } = newIdentity('flow');
    const registered = await register({ username, email, password: GOOD_PASSWORD, passwordConfirmation: GOOD_PASSWORD });
    expect(registered.status).toBe(200);
    expect(registered.body).toBe('');
    const welcome = t.mail.lastTo(email);
    expect(welcome.subject).toBe('Welcome!');
    expect(welcome.text).toMatch(/[0-9A-Z]{4}-[0-9A-Z]{4}/);

    const verified = await t.http.post('code-verify', { email, code: t.mail.codeSentTo(email).toLowerCase() });
    expect(verified.status).toBe(200);
    const data = verified.json().data;
    expect(data).toEqual({ access: expect.any(String), refresh: expect.any(String), username });

    const user = await t.http.get('user', data.access);
    expect(user.status).toBe(200);
    expect(user.json()).toEqual({ data: { username, email, pendingEmail: null, roles: [], createdAt: expect.any(String) } });
  });

  test('passwords are stored as argon2id hashes, never in clear', async () => {
    const user = await signUp(t.http, t.mail);
    const { rows } = await t.db.pool.query('SELECT password_hash FROM identity_users WHERE username = $1', [user.username]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0].password_hash).not.toContain(GOOD_PASSWORD);
  });

  test('the default budget is provisioned for the new user', async () => {
    const user = await signUp(t.http, t.mail);
    const { rows } = await t.db.pool.query('SELECT id FROM identity_users WHERE username = $1', [user.username]);
    expect(t.provisioner.provisioned).toContain(rows[0].id);
  });

  test('when provisioning fails, no user row and no event remain', async () => {
    const { username, email } = newIdentity('broken');
    t.provisioner.failNext = true;
    const response = await register({ username, email, password: GOOD_PASSWORD, passwordConfirmation: GOOD_PASSWORD });
    expect(response.status).toBe(500);
    expect((await t.db.pool.query('SELECT 1 FROM identity_users WHERE username = $1', [username])).rowCount).toBe(0);
    const events = await t.db.pool.query("SELECT 1 FROM es_events WHERE stream_id LIKE 'budget-%' AND user_id NOT IN (SELECT id::text FROM identity_users)");
    expect(events.rowCount).toBe(0);
    expect((await register({ username, email, password: GOOD_PASSWORD, passwordConfirmation: GOOD_PASSWORD })).status).toBe(200);
  });
});

describe('sign-in requires a verified e-mail address', () => {
  test('the right password of an unverified account is told to verify; after code-verify, login works', async () => {
    const { username, email } = newIdentity('unverified');
    await register({ username, email, password: GOOD_PASSWORD, passwordConfirmation: GOOD_PASSWORD });
    const refused = await t.http.post('login', { username, password: GOOD_PASSWORD });
    expect(refused.status).toBe(401);
    expect(refused.json().errors[0]).toMatchObject({ field: 'username', code: 'E_EMAIL_NOT_VERIFIED' });
    expect(refused.json().errors[0].message).toMatch(/verify your e-mail/);

    const wrong = await t.http.post('login', { username, password: 'Wrong1234' });
    expect(wrong.json().errors[0].message).toBe('The username or password does not match our records.');

    await t.http.post('code-verify', { email, code: t.mail.codeSentTo(email) });
    const login = await t.http.post('login', { username, password: GOOD_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.json().data).toEqual({ access: expect.any(String), refresh: expect.any(String) });
  });

  test('bad credentials: 401 with the same message on username and password, unknown user alike', async () => {
    const user = await signUp(t.http, t.mail);
    for (const body of [{ username: user.username, password: 'Wrong1234' }, { username: 'nobody-here', password: GOOD_PASSWORD }]) {
      const response = await t.http.post('login', body);
      expect(response.status).toBe(401);
      expect(messagesOf(response.json())).toEqual([
        ['username', 'The username or password does not match our records.'],
        ['password', 'The username or password does not match our records.'],
      ]);
    }
  });
});
