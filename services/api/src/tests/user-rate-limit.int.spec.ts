import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startPlaidSimulator, type RunningPlaidSimulator } from '@budget/plaid-simulator';
import { PLAID_CALLS_PER_USER } from '@budget/contracts';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * Routes that call Plaid for each request are limited per user (the route contract's
 * `perUserLimit`): past the limit the call is 429 with Retry-After, in the error format, and Plaid
 * is not called; another user is not affected.
 */
let t: ApiTestApp;
let sim: RunningPlaidSimulator;
let ann: SignedUpUser;
let bob: SignedUpUser;

beforeAll(async () => {
  sim = await startPlaidSimulator({ port: 0 });
  t = await startApiTestApp({ PLAID_SIMULATOR_URL: sim.url });
  ann = await signUp(t.http, t.mail, 'limitann');
  bob = await signUp(t.http, t.mail, 'limitbob');
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

const plaidCalls = async () => Number((await t.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM bank_provider_log')).rows[0]!.n);

describe('per-user limits on routes that call Plaid', () => {
  test(`link tokens: ${PLAID_CALLS_PER_USER.limit} a minute per user, then 429 without a Plaid call; another user still gets theirs`, async () => {
    for (let i = 0; i < PLAID_CALLS_PER_USER.limit; i++) expect((await t.http.get('user/link-token', ann.access)).status).toBe(200);
    const before = await plaidCalls();
    const refused = await t.http.get('user/link-token', ann.access);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().errors[0]).toMatchObject({ code: 'E_TOO_MANY_REQUESTS', status: '429' });
    expect(await plaidCalls()).toBe(before);
    // The same bucket: institution info and syncs asked for are refused too.
    expect((await t.http.post('institutions/sync', {}, ann.access)).status).toBe(429);
    expect((await t.http.get('user/link-token', bob.access)).status).toBe(200);
  });
});
