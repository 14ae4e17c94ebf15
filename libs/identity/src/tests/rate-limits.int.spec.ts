import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, startIdentityTestApp, type IdentityTestApp } from '../testing/index.js';

let t: IdentityTestApp;
beforeAll(async () => {
  t = await startIdentityTestApp();
});
afterAll(async () => {
  await t.close();
});

const tooMany = { errors: [expect.objectContaining({ code: 'E_TOO_MANY_REQUESTS', message: expect.any(String) })] };

describe('rate limits (Redis)', () => {
  test('login: after 10 failures for a username from one address, even the right password gets 429 with Retry-After', async () => {
    const user = await signUp(t.http, t.mail);
    const ip = '10.0.0.1';
    for (let i = 0; i < 10; i += 1) {
      expect((await t.http.call('POST', 'login', { body: { username: user.username, password: 'Wrong1234' }, ip })).status).toBe(401);
    }
    const blocked = await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { username: user.username, password: user.password }, remoteAddress: ip });
    expect(blocked.statusCode).toBe(429);
    expect(JSON.parse(blocked.body)).toEqual(tooMany);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
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
      expect((await t.http.call('POST', 'code-request', { body: { email }, ip })).status).toBe(429);
    }
  });

  test('code-verify: the 11th check for one address in 15 minutes gets 429', async () => {
    const email = 'verify-limit@example.test';
    for (let i = 0; i < 10; i += 1) expect((await t.http.call('POST', 'code-verify', { body: { email, code: 'AAAA-AAAA' }, ip: '10.0.3.1' })).status).toBe(422);
    expect((await t.http.call('POST', 'code-verify', { body: { email, code: 'AAAA-AAAA' }, ip: '10.0.3.2' })).status).toBe(429);
  });

  test('code-request per address: 20 addresses from one IP, then 429', async () => {
    const ip = '10.0.4.1';
    for (let i = 0; i < 20; i += 1) expect((await t.http.call('POST', 'code-request', { body: { email: `spray${i}@example.test` }, ip })).status).toBe(200);
    expect((await t.http.call('POST', 'code-request', { body: { email: 'spray-last@example.test' }, ip })).status).toBe(429);
  });
});
