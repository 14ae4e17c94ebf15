import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GOOD_PASSWORD, newIdentity, signUp, startIdentityTestApp, type IdentityTestApp, type TestResponse } from '../testing/index.js';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await startIdentityTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A 429 names the form's general field (product-spec §8) and says when to try again. */
function expectTooMany(response: TestResponse): void {
  expect(response.status).toBe(429);
  expect(response.json()).toEqual({
    errors: [expect.objectContaining({ field: 'general', source: { pointer: 'general' }, code: 'E_TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' })],
  });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('rate limits (Redis)', () => {
  test('login: after 10 failures for a username from one address, even the right password gets 429 with Retry-After', async () => {
    const user = await signUp(t.http, t.mail);
    const ip = '10.0.0.1';
    for (let i = 0; i < 10; i += 1) {
      expect((await t.http.call('POST', 'login', { body: { username: user.username, password: 'Wrong1234' }, ip })).status).toBe(401);
    }
    expectTooMany(await t.http.call('POST', 'login', { body: { username: user.username, password: user.password }, ip }));
    // Another address is not blocked (the limit is per username and address).
    expect((await t.http.call('POST', 'login', { body: { username: user.username, password: user.password }, ip: '10.0.0.2' })).status).toBe(200);
  });

  test('login: a success clears the failure count', async () => {
    const user = await signUp(t.http, t.mail);
    const ip = '10.0.1.1';
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 9; i += 1) await t.http.call('POST', 'login', { body: { username: user.username, password: 'Wrong1234' }, ip });
      expect((await t.http.call('POST', 'login', { body: { username: user.username, password: user.password }, ip })).status).toBe(200);
    }
  });

  test('code-request: the 6th request for one address in 15 minutes gets 429, known address or not', async () => {
    for (const email of ['limit-unknown@example.test', (await signUp(t.http, t.mail)).email]) {
      const ip = `10.0.2.${email.length}`;
      for (let i = 0; i < 5; i += 1) expect((await t.http.call('POST', 'code-request', { body: { email }, ip })).status).toBe(200);
      expectTooMany(await t.http.call('POST', 'code-request', { body: { email }, ip }));
    }
  });

  test("code-verify: a requester's 6th wrong check for one address gets 429; another requester's checks are its own", async () => {
    const email = 'verify-limit@example.test';
    for (let i = 0; i < 5; i += 1) expect((await t.http.call('POST', 'code-verify', { body: { email, code: 'AAAA-AAAA' }, ip: '10.0.3.1' })).status).toBe(422);
    expectTooMany(await t.http.call('POST', 'code-verify', { body: { email, code: 'AAAA-AAAA' }, ip: '10.0.3.1' }));
    expect((await t.http.call('POST', 'code-verify', { body: { email, code: 'AAAA-AAAA' }, ip: '10.0.3.2' })).status).toBe(422);
  });

  test('login: failures for one username spread over many addresses lock it everywhere; its owner signs in with a mailed code, which clears the lock', async () => {
    const user = await signUp(t.http, t.mail);
    // 30 wrong passwords from 10 addresses (3 each: no single address reaches its own limit).
    for (let i = 0; i < 30; i += 1) {
      expect((await t.http.call('POST', 'login', { body: { username: user.username, password: 'Wrong1234' }, ip: `10.0.9.${1 + (i % 10)}` })).status).toBe(401);
    }
    expectTooMany(await t.http.call('POST', 'login', { body: { username: user.username, password: user.password }, ip: '10.0.9.99' }));
    // The owner asks for a code (recovery) and signs in with it from their own address.
    expect((await t.http.call('POST', 'code-request', { body: { email: user.email }, ip: '10.0.9.200' })).status).toBe(200);
    expect((await t.http.call('POST', 'code-verify', { body: { email: user.email, code: t.mail.codeSentTo(user.email) }, ip: '10.0.9.200' })).status).toBe(200);
    expect((await t.http.call('POST', 'login', { body: { username: user.username, password: user.password }, ip: '10.0.9.201' })).status).toBe(200);
  });

  test('code-request per address: 20 addresses from one IP, then 429', async () => {
    const ip = '10.0.4.1';
    for (let i = 0; i < 20; i += 1) expect((await t.http.call('POST', 'code-request', { body: { email: `spray${i}@example.test` }, ip })).status).toBe(200);
    expectTooMany(await t.http.call('POST', 'code-request', { body: { email: 'spray-last@example.test' }, ip }));
  });

  test('register: the 21st sign-up from one address in an hour gets 429', async () => {
    const ip = '10.0.5.1';
    const register = () => t.http.call('POST', 'register', { body: { ...newIdentity('limit'), password: GOOD_PASSWORD, passwordConfirmation: GOOD_PASSWORD }, ip });
    for (let i = 0; i < 20; i += 1) expect((await register()).status).toBe(200);
    expectTooMany(await register());
  });

  test('e-mail change: the 6th code mail for one user in 15 minutes gets 429, and nothing changes', async () => {
    const user = await signUp(t.http, t.mail);
    for (let i = 0; i < 5; i += 1) expect((await t.http.patch('user', { email: newIdentity('move').email }, user.access)).status).toBe(200);
    const pending = (await t.http.get('user', user.access)).json().data.pendingEmail;
    expectTooMany(await t.http.patch('user', { email: newIdentity('move').email }, user.access));
    expectTooMany(await t.http.post('user/pending-email/resend', undefined, user.access));
    expect((await t.http.get('user', user.access)).json().data.pendingEmail).toBe(pending);
  });
});
