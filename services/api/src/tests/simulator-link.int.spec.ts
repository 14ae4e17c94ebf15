import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startPlaidSimulator, type RunningPlaidSimulator } from '@budget/plaid-simulator';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * The simulated Link dialog's routes: GET /simulator/institutions and POST /simulator/link/complete
 * reach the Plaid simulator through the API (the browser never talks to its port), and exist only
 * with PLAID_ENV=simulator — with real Plaid they are 404. The link-token answers say which.
 */
let sim: RunningPlaidSimulator;
let t: ApiTestApp;
let alice: SignedUpUser;

beforeAll(async () => {
  sim = await startPlaidSimulator({ port: 0 });
  t = await startApiTestApp({ PLAID_ENV: 'simulator', PLAID_SIMULATOR_URL: sim.url, PLAID_TOKEN_KEY: randomBytes(32).toString('base64') });
  alice = await signUp(t.http, t.mail, 'alice');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('the simulated Link routes (PLAID_ENV=simulator)', () => {
  test('list the banks, complete a link with the picked accounts, and the public token links the bank with those accounts', async () => {
    const banks = await t.http.get('simulator/institutions', alice.access);
    expect(banks.status, banks.body).toBe(200);
    const platypus = banks.json().data.find((b: { institution_id: string }) => b.institution_id === 'ins_109508');
    expect(platypus.name).toBe('First Platypus Bank');
    const checking = platypus.accounts.find((a: { name: string }) => a.name.endsWith('Checking'));

    const token = await t.http.get('user/link-token', alice.access);
    expect(token.json()).toMatchObject({ simulator: true });
    const completed = await t.http.post('simulator/link/complete', { linkToken: token.json().linkToken, institutionId: 'ins_109508', accountIds: [checking.account_id] }, alice.access);
    expect(completed.status, completed.body).toBe(200);
    const publicToken = completed.json().publicToken as string;
    expect(publicToken).toMatch(/^public-/);

    const linked = await t.http.post('institution', { publicToken, institutionId: 'ins_109508' }, alice.access);
    expect(linked.status, linked.body).toBe(201);
    expect(linked.json().data.accounts.map((a: { name: string }) => a.name)).toEqual([checking.name]);

    // Update mode (relink): the institution's link token completes without a public token.
    const update = await t.http.get(`institution/${linked.json().data.id}/link-token`, alice.access);
    expect(update.json()).toMatchObject({ simulator: true });
    const relinked = await t.http.post('simulator/link/complete', { linkToken: update.json().linkToken }, alice.access);
    expect(relinked.status, relinked.body).toBe(200);
    expect(relinked.json()).toEqual({ publicToken: null });
  }, 60_000);

  test('an unknown link token is a 422 on linkToken; without a token the routes are 401', async () => {
    const bad = await t.http.post('simulator/link/complete', { linkToken: 'link-sandbox-nope', institutionId: 'ins_109508' }, alice.access);
    expect(bad.status, bad.body).toBe(422);
    expect(bad.json().errors[0]).toMatchObject({ field: 'linkToken' });
    expect((await t.http.get('simulator/institutions')).status).toBe(401);
    expect((await t.http.post('simulator/link/complete', { linkToken: 'x' })).status).toBe(401);
  });
});

describe('with real Plaid (PLAID_ENV=sandbox)', () => {
  test('the simulator routes do not exist (404) and never reach a simulator', async () => {
    const app = await startApiTestApp({ PLAID_ENV: 'sandbox', PLAID_CLIENT_ID: 'id', PLAID_SECRET: 'secret', PLAID_SIMULATOR_URL: sim.url, PLAID_TOKEN_KEY: randomBytes(32).toString('base64') });
    try {
      const bob = await signUp(app.http, app.mail, 'bob');
      const before = (await fetch(`${sim.url}/simulator/items`).then((r) => r.json())) as { items: unknown[] };
      expect((await app.http.get('simulator/institutions', bob.access)).status).toBe(404);
      const complete = await app.http.post('simulator/link/complete', { linkToken: 'link-sandbox-x', institutionId: 'ins_109508' }, bob.access);
      expect(complete.status, complete.body).toBe(404);
      const after = (await fetch(`${sim.url}/simulator/items`).then((r) => r.json())) as { items: unknown[] };
      expect(after.items).toHaveLength(before.items.length);
    } finally {
      await app.close();
    }
  }, 60_000);
});
