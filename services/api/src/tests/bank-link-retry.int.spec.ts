import { randomBytes, randomUUID } from 'node:crypto';
import { Configuration, PlaidApi, Products } from 'plaid';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startPlaidSimulator, type RunningPlaidSimulator } from '@budget/plaid-simulator';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * Linking a bank with the projector held back (`PROJECTION=async`, as with EventStoreDB): the
 * first POST /institution answers 202, and the client's retry with the same Idempotency-Key must
 * answer the linked institution — once the public token is spent, exchanging it again would fail.
 */
let sim: RunningPlaidSimulator;
let t: ApiTestApp;
let user: SignedUpUser;

beforeAll(async () => {
  sim = await startPlaidSimulator({ port: 0 });
  t = await startApiTestApp({ PROJECTION: 'async', PROJECTION_WAIT_MS: '300', PLAID_SIMULATOR_URL: sim.url, PLAID_TOKEN_KEY: randomBytes(32).toString('base64') });
  user = await signUp(t.http, t.mail, 'retry');
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

test('a link answered 202 is answered in full by its retry with the same key: one institution, one item, one exchange', async () => {
  const sandbox = new PlaidApi(new Configuration({ basePath: sim.url, baseOptions: { headers: { 'PLAID-CLIENT-ID': 'test', 'PLAID-SECRET': 'test' } } }));
  const { data } = await sandbox.sandboxPublicTokenCreate({ institution_id: 'ins_109508', initial_products: [Products.Transactions] });
  const key = randomUUID();
  const link = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/institution',
      headers: { authorization: `Bearer ${user.access}`, 'idempotency-key': key },
      payload: { publicToken: data.public_token, institutionId: 'ins_109508' },
    });

  await t.pauseProjector();
  try {
    const pending = await link();
    expect(pending.statusCode, pending.body).toBe(202);
  } finally {
    await t.resumeProjector();
  }
  // The client sends the same request again while it is answered 202 (the projector catching up,
  // which on a loaded machine may take more than one wait).
  let retried = await link();
  for (let i = 0; i < 120 && retried.statusCode === 202; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    retried = await link();
  }
  expect(retried.statusCode, retried.body).toBe(201);
  const institution = retried.json().data;
  expect(institution).toMatchObject({ name: 'First Platypus Bank', plaidInstitutionId: 'ins_109508' });
  expect(institution.accounts.length).toBeGreaterThan(0);

  const listed = (await t.http.get('connected-accounts', user.access)).json().data;
  expect(listed.map((i: { id: string }) => i.id)).toEqual([institution.id]);
  expect((await t.db.pool.query('SELECT 1 FROM bank_items')).rowCount).toBe(1);
  const exchanges = await t.db.pool.query(`SELECT 1 FROM bank_provider_log WHERE endpoint = '/item/public_token/exchange'`);
  expect(exchanges.rowCount).toBe(1);
});
