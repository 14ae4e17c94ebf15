import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '../index.js';
import { signUp, startIdentityTestApp, TEST_JWT_SECRET, type IdentityTestApp } from '../testing/index.js';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await startIdentityTestApp();
});
afterAll(async () => {
  await t.close();
});

const refresh = (token: string) => t.http.post('refresh', { data: { refresh: token } });
const login = (username: string, password: string) => t.http.post('login', { username, password });

describe('refresh tokens', () => {
  test('rotation: a new pair; the old refresh token is then refused with an empty 401', async () => {
    const user = await signUp(t.http, t.mail);
    const rotated = await refresh(user.refresh);
    expect(rotated.status).toBe(200);
    const pair = rotated.json().data;
    expect(pair).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    expect(pair.refresh).not.toBe(user.refresh);
    expect((await t.http.get('user', pair.access)).status).toBe(200);

    const old = await refresh(user.refresh);
    expect([old.status, old.body]).toEqual([401, '']);
  });

  test('reuse of a spent token revokes the whole family: the newest token and its access token stop working', async () => {
    const user = await signUp(t.http, t.mail);
    const second = (await refresh(user.refresh)).json().data;
    const third = (await refresh(second.refresh)).json().data;
    expect((await refresh(user.refresh)).status).toBe(401);
    expect((await refresh(third.refresh)).status).toBe(401);
    expect((await t.http.get('user', third.access)).status).toBe(401);
  });

  test('reuse revokes only that family: another session of the same user lives on', async () => {
    const user = await signUp(t.http, t.mail);
    const other = (await login(user.username, user.password)).json().data;
    await refresh(user.refresh);
    await refresh(user.refresh);
    expect((await refresh(other.refresh)).status).toBe(200);
  });

  test('refresh tokens are stored hashed', async () => {
    const user = await signUp(t.http, t.mail);
    expect((await t.db.pool.query('SELECT 1 FROM identity_refresh_tokens WHERE token_hash = $1', [user.refresh])).rowCount).toBe(0);
  });

  test('unknown, missing or expired tokens: empty 401', async () => {
    expect((await refresh('nonsense')).status).toBe(401);
    expect((await t.http.post('refresh', {})).body).toBe('');
    const user = await signUp(t.http, t.mail);
    t.clock.advance((t.config.refreshTokenTtlSeconds + 1) * 1000);
    expect((await refresh(user.refresh)).status).toBe(401);
  });
});

describe('logout and password update', () => {
  test('logout revokes the family of the given refresh token and the current access token', async () => {
    const user = await signUp(t.http, t.mail);
    const out = await t.http.post('logout', { data: { refresh: user.refresh } }, user.access);
    expect([out.status, out.body]).toEqual([200, '']);
    expect((await refresh(user.refresh)).status).toBe(401);
    expect((await t.http.get('user', user.access)).status).toBe(401);
  });

  test('password update revokes the other sessions and keeps the current one', async () => {
    const user = await signUp(t.http, t.mail);
    const other = (await login(user.username, user.password)).json().data;
    const response = await t.http.post('password/update', { password: 'Changed456', passwordConfirmation: 'Changed456' }, user.access);
    expect(response.status).toBe(200);
    expect((await refresh(other.refresh)).status).toBe(401);
    expect((await t.http.get('user', other.access)).status).toBe(401);
    expect((await t.http.get('user', user.access)).status).toBe(200);
    expect((await refresh(user.refresh)).status).toBe(200);
  });

  test('password update validates like register', async () => {
    const user = await signUp(t.http, t.mail);
    const response = await t.http.post('password/update', { password: 'short', passwordConfirmation: 'short' }, user.access);
    expect(response.status).toBe(422);
    expect(response.json().errors[0].message).toBe('Passwords must be at least eight characters long');
  });
});

describe('the auth guard', () => {
  const unauthorized = { errors: [expect.objectContaining({ message: 'Unauthorized access' })] };

  test('no token, garbage, or a token signed with another secret: 401 "Unauthorized access"', async () => {
    const user = await signUp(t.http, t.mail);
    const [, payload] = user.access.split('.');
    const forged = new SignJWT(JSON.parse(Buffer.from(payload!, 'base64url').toString()))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    for (const token of [undefined, 'garbage', await forged]) {
      const response = await t.http.get('user', token);
      expect(response.status).toBe(401);
      expect(response.json()).toEqual(unauthorized);
    }
  });

  test('a token with the right secret but the wrong audience, or expired, is refused', async () => {
    const user = await signUp(t.http, t.mail);
    const claims = JSON.parse(Buffer.from(user.access.split('.')[1]!, 'base64url').toString());
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const wrongAudience = await new SignJWT({ ...claims, aud: 'someone-else' }).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect((await t.http.get('user', wrongAudience)).status).toBe(401);
    expect(claims).toMatchObject({ iss: ACCESS_TOKEN_ISSUER, aud: ACCESS_TOKEN_AUDIENCE });
    t.clock.advance((t.config.accessTokenTtlSeconds + 1) * 1000);
    expect((await t.http.get('user', user.access)).status).toBe(401);
  });
});
