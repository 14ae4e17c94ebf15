import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { DEFAULT_CHECKPOINT_NAME, resumeQuarantined, type Projection } from '@budget/platform';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';
import { readModelProjections } from '../read-model-projections.js';

/**
 * A write whose event no projection can apply (a "poison" event: here, while `poison.on`, any
 * event naming POISON makes every projection throw). With the projector it stops only its user's
 * partition; inline it is refused whole with a clear error.
 */
const poison = { on: true };
const isPoison = (data: unknown) => poison.on && JSON.stringify(data).includes('POISON');
const poisoned: Projection[] = readModelProjections.map((projection) => ({
  ...projection,
  apply: async (client, event) => {
    if (isPoison(event.data)) throw new Error(`cannot project ${event.type} at ${event.position}`);
    await projection.apply(client, event);
  },
  applyBatch: async (client, events) => {
    const bad = events.find((e) => isPoison(e.data));
    if (bad) throw new Error(`cannot project ${bad.type} at ${bad.position}`);
    if (projection.applyBatch) await projection.applyBatch(client, events);
    else for (const event of events) await projection.apply(client, event);
  },
}));

let t: ApiTestApp;

interface Owner {
  user: SignedUpUser;
  accountId: string;
  categoryId: string;
}

async function owner(name: string): Promise<Owner> {
  const user = await signUp(t.http, t.mail, name);
  const group = (await t.http.post('groups', { name: 'Poison', parentGroupId: null }, user.access)).json().data;
  const categoryId = (await t.http.post(`groups/${group.id}/categories`, { name: 'Groceries' }, user.access)).json().data.id;
  const institution = await t.http.post(
    'institution',
    { institution: { name: 'Bank' }, accounts: [{ name: 'Checking', balance: 500, type: 'depository', subtype: 'checking', tracking: 'Transactions' }], startDate: '2025-03-01' },
    user.access,
  );
  return { user, accountId: institution.json().data.accounts[0].id, categoryId };
}

function record(who: Owner, name: string, amount: number, key = randomUUID()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/account/${who.accountId}/transactions`,
    headers: { authorization: `Bearer ${who.user.access}`, 'idempotency-key': key },
    payload: { date: '2025-03-05', name, amount, categories: [{ categoryId: who.categoryId, amount, comment: null }] },
  });
}

const balance = async (who: Owner) => (await t.http.get(`account/${who.accountId}/transactions`, who.user.access)).json().data.balance as number;
const eventCount = async () => Number((await t.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events')).rows[0]!.n);

describe('with the projector (PROJECTION=async), a poison event stops only its user', () => {
  let alice: Owner;
  let bob: Owner;

  beforeAll(async () => {
    poison.on = true;
    t = await startApiTestApp({ PROJECTION: 'async', PROJECTION_WAIT_MS: '4000' }, { projections: poisoned, projector: { quarantineRetryMs: 60_000, quarantinePollMs: 50 } });
    [alice, bob] = [await owner('alice'), await owner('bob')];
  });
  afterAll(async () => t.close());

  test('the user\'s writes answer 202 with the reason at once, the other user\'s are projected, health names the event, and a resume projects them all', async () => {
    const bad = await record(alice, 'POISON shop', -10);
    expect(bad.statusCode).toBe(202);
    const badBody = bad.json();
    expect(badBody).toEqual({ pending: true, position: expect.stringMatching(/^\d+$/), message: expect.stringContaining('earlier change'), reason: 'PROJECTION_QUARANTINED' });

    const key = randomUUID();
    const later = await record(alice, 'Grocer', -5, key);
    // Told by the quarantine (the reason says so), not by the 4 s wait running out.
    expect([later.statusCode, later.json().reason]).toEqual([202, 'PROJECTION_QUARANTINED']);

    const other = await record(bob, 'Grocer', -7);
    expect(other.statusCode).toBe(201);
    expect(other.json().acctBalances[0].balance).toBe(493);

    const { projector } = (await t.http.get('health')).json();
    expect(projector.quarantined).toEqual([
      { position: badBody.position, eventId: expect.any(String), eventType: 'TransactionRecorded', since: expect.any(String), attempts: 1, retryAt: expect.any(String) },
    ]);
    expect(projector.lagUsers).toBe(1);
    expect(await balance(alice)).toBe(500);

    // The cause fixed (here: the projection stops throwing) and the partition resumed by hand.
    poison.on = false;
    expect(await resumeQuarantined(t.db.pool, DEFAULT_CHECKPOINT_NAME)).toBe(1);
    await vi.waitFor(async () => expect((await t.http.get('health')).json().projector).toMatchObject({ quarantined: [], lagEvents: 0 }), { timeout: 10_000 });
    expect(await balance(alice)).toBe(485);
    const count = await eventCount();
    const retried = await record(alice, 'Grocer', -5, key);
    expect([retried.statusCode, retried.json().acctBalances[0].balance]).toEqual([201, 485]);
    expect(await eventCount()).toBe(count);
  }, 30_000);
});

describe('with inline projection, a poison event', () => {
  let alice: Owner;

  beforeAll(async () => {
    poison.on = true;
    t = await startApiTestApp({}, { projections: poisoned });
    alice = await owner('alice-inline');
  });
  afterAll(async () => t.close());

  test('is refused with a clear error in the error format, and nothing is stored', async () => {
    const before = await eventCount();
    const refused = await record(alice, 'POISON shop', -10);
    expect(refused.statusCode).toBe(500);
    expect(refused.json()).toEqual({
      errors: [
        {
          field: 'general',
          source: { pointer: 'general' },
          code: 'E_PROJECTION_FAILED',
          message: 'This change could not be applied to your balances, so it was not saved. Nothing was changed.',
          detail: 'This change could not be applied to your balances, so it was not saved. Nothing was changed.',
          status: '500',
        },
      ],
    });
    expect(refused.body).not.toMatch(/stack|cannot project|at \//);
    expect(await eventCount()).toBe(before);
    expect(await balance(alice)).toBe(500);

    poison.on = false;
    const saved = await record(alice, 'POISON shop', -10);
    expect([saved.statusCode, saved.json().acctBalances[0].balance]).toEqual([201, 490]);
  });
});
