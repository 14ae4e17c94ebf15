import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

let t: ApiTestApp;
let user: SignedUpUser;
let accountId: string;
let groceries: string;

const eventCount = async () => Number((await t.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events')).rows[0]!.n);

function write(method: 'POST' | 'PATCH', path: string, body: unknown, key?: string) {
  return t.app.inject({
    method,
    url: `/api/v1/${path}`,
    headers: { authorization: `Bearer ${user.access}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as object,
  });
}

const purchase = (amount: number) => ({ date: '2025-03-05', name: 'Grocer', amount, categories: [{ categoryId: groceries, amount, comment: null }] });

// Both ways the product projects: inline in the append's transaction (PostgreSQL's default) and by
// the projector process (`PROJECTION=async`, as with EventStoreDB).
describe.each(['inline', 'async'] as const)('with %s projection', (mode) => {
beforeAll(async () => {
  t = await startApiTestApp({ PROJECTION_WAIT_MS: '1500', PROJECTION: mode });
  user = await signUp(t.http, t.mail, 'writes');
  const added = await t.http.post('groups', { name: 'Write Safety', parentGroupId: null }, user.access);
  if (added.status !== 201) throw new Error(added.body);
  const group = added.json().data;
  groceries = (await t.http.post(`groups/${group.id}/categories`, { name: 'Groceries' }, user.access)).json().data.id;
  const institution = await t.http.post(
    'institution',
    { institution: { name: 'Bank' }, accounts: [{ name: 'Checking', balance: 500, type: 'depository', subtype: 'checking', tracking: 'Transactions' }], startDate: '2025-03-01' },
    user.access,
  );
  accountId = institution.json().data.accounts[0].id;
});
afterAll(async () => t.close());

describe('retries never double money (Idempotency-Key)', () => {
  test('given a saved transaction, when the same request is replayed with its key, then nothing is appended and the same answer comes back', async () => {
    const key = randomUUID();
    const first = await write('POST', `account/${accountId}/transactions`, purchase(-12.5), key);
    expect(first.statusCode).toBe(201);
    const before = await eventCount();
    const again = await write('POST', `account/${accountId}/transactions`, purchase(-12.5), key);
    expect([again.statusCode, again.json()]).toEqual([201, first.json()]);
    expect(await eventCount()).toBe(before);
    const register = (await t.http.get(`account/${accountId}/transactions`, user.access)).json().data;
    expect(register.balance).toBe(487.5);
  });

  test('given a key, when five copies of one request race, then the transaction is recorded once and all answer alike', async () => {
    const key = randomUUID();
    const before = await eventCount();
    const answers = await Promise.all(Array.from({ length: 5 }, () => write('POST', `account/${accountId}/transactions`, purchase(-1), key)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const bodies = new Set(answers.map((a) => a.body));
    expect(bodies.size).toBe(1);
    expect(await eventCount()).toBe(before + 1);
    expect((await t.http.get(`account/${accountId}/transactions`, user.access)).json().data.balance).toBe(486.5);
  });

  test('given a used key, when it comes with a different body, then 422 and nothing changes', async () => {
    const key = randomUUID();
    expect((await write('POST', `account/${accountId}/transactions`, purchase(-2), key)).statusCode).toBe(201);
    const before = await eventCount();
    const other = await write('POST', `account/${accountId}/transactions`, purchase(-3), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors[0]).toMatchObject({ field: 'Idempotency-Key', code: 'reused', status: '422' });
    expect(await eventCount()).toBe(before);
  });

  test('given no key, each request is its own write', async () => {
    const before = await eventCount();
    await write('POST', `account/${accountId}/transactions`, purchase(-1));
    await write('POST', `account/${accountId}/transactions`, purchase(-1));
    expect(await eventCount()).toBe(before + 2);
  });

  test('a malformed key is refused before anything runs', async () => {
    const before = await eventCount();
    const response = await write('POST', `account/${accountId}/transactions`, purchase(-1), 'x'.repeat(201));
    expect(response.statusCode).toBe(422);
    expect(await eventCount()).toBe(before);
  });
});

describe('honest answers while read models catch up', () => {
  if (mode === 'inline') {
    test('given a stopped projector, a write is projected in its own transaction: 201 with the new balance at once, and the read model shows it', async () => {
      const balanceBefore = (await t.http.get(`account/${accountId}/transactions`, user.access)).json().data.balance as number;
      await t.pauseProjector();
      try {
        const saved = await write('POST', `account/${accountId}/transactions`, purchase(-15), randomUUID());
        expect(saved.statusCode).toBe(201);
        expect(saved.json().acctBalances[0].balance).toBe(balanceBefore - 15);
        expect((await t.http.get(`account/${accountId}/transactions`, user.access)).json().data.balance).toBe(balanceBefore - 15);
      } finally {
        await t.resumeProjector();
      }
    });
    return;
  }
  test('given a paused projector, a write answers 202 with its position; nothing is lost, and once the projector resumes the read model shows it — and a retry with the key answers in full without writing again', async () => {
    const balanceBefore = (await t.http.get(`account/${accountId}/transactions`, user.access)).json().data.balance as number;
    await t.pauseProjector();
    const key = randomUUID();
    try {
      const pending = await write('POST', `account/${accountId}/transactions`, purchase(-40), key);
      expect(pending.statusCode).toBe(202);
      const body = pending.json();
      expect(body).toEqual({ pending: true, position: expect.stringMatching(/^\d+$/), message: 'Saved — updating balances…' });
      const stored = await t.db.pool.query('SELECT type FROM es_events WHERE position = $1', [body.position]);
      expect(stored.rows[0]?.type).toBe('TransactionRecorded');
      const count = await eventCount();
      const lag = (await t.http.get('health')).json().projector;
      expect(lag.lagEvents).toBeGreaterThanOrEqual(1);
      expect(BigInt(lag.head)).toBeGreaterThanOrEqual(BigInt(body.position));
      await t.resumeProjector();
      const retried = await write('POST', `account/${accountId}/transactions`, purchase(-40), key);
      expect(retried.statusCode).toBe(201);
      expect(retried.json().acctBalances[0].balance).toBe(balanceBefore - 40);
      expect(await eventCount()).toBe(count);
    } finally {
      await t.resumeProjector();
    }
    expect((await t.http.get(`account/${accountId}/transactions`, user.access)).json().data.balance).toBe(balanceBefore - 40);
  });
});
});
