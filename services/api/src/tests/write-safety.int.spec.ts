import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { bankOfx } from '@budget/ledger/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

let t: ApiTestApp;
let user: SignedUpUser;
let accountId: string;
let groceries: string;
let groupId: string;

const eventCount = async () => Number((await t.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events')).rows[0]!.n);

function write(method: 'POST' | 'PATCH', path: string, body: unknown, key?: string) {
  return t.app.inject({
    method,
    url: `/api/v1/${path}`,
    headers: { authorization: `Bearer ${user.access}`, ...(key ? { 'idempotency-key': key } : {}), ...(typeof body === 'string' && { 'content-type': 'application/x-ofx' }) },
    payload: body as object,
  });
}

/** An OFX file of two new purchases (FITIDs unique to this call). */
function ofxFile(): string {
  const tag = randomUUID().slice(0, 8);
  return bankOfx(
    [
      { fitid: `${tag}-1`, date: '20250310', amount: '-1.25', name: 'Bakery' },
      { fitid: `${tag}-2`, date: '20250311', amount: '-2.50', name: 'Books' },
    ],
    '0.00',
  );
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
  groupId = group.id;
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

  // Retries never double money (docs/architecture.md §6.2): the key of a 202 is kept with its
  // position; a retry answers 202 with that position while the projector is held back, and once
  // it has caught up, the first run's outcome — not a second run, which used to meet its own
  // events (409 INCORRECT_VERSION, 422 duplicate name).
  /** `finishing`: the events the first run had still to append when it answered 202 (an import's record, appended after its rows are projected). */
  async function answeredTwice(method: 'POST' | 'PATCH', path: string, body: unknown, finishing = 0) {
    const key = randomUUID();
    await t.pauseProjector();
    try {
      const pending = await write(method, path, body, key);
      expect([pending.statusCode, pending.json().pending]).toEqual([202, true]);
      const count = await eventCount();
      const still = await write(method, path, body, key);
      expect([still.statusCode, still.json()]).toEqual([202, pending.json()]);
      await t.resumeProjector();
      const retried = await write(method, path, body, key);
      const again = await write(method, path, body, key);
      expect(await eventCount()).toBe(count + finishing);
      expect([again.statusCode, again.body]).toEqual([retried.statusCode, retried.body]);
      return retried;
    } finally {
      await t.resumeProjector();
    }
  }

  test('given a 202 for a transaction edit, its retry answers 202 with the same position while the projector is held back, then the edit (not 409)', async () => {
    const recorded = (await write('POST', `account/${accountId}/transactions`, purchase(-7), randomUUID())).json().transaction;
    const retried = await answeredTwice('PATCH', `transaction/${recorded.id}`, { version: recorded.version, name: 'Edited once' });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.transaction).toMatchObject({ id: recorded.id, version: recorded.version + 1 });
    expect((await t.http.get(`transaction/${recorded.id}`, user.access)).json()).toMatchObject({ version: recorded.version + 1 });
  });

  test('given a 202 for a category-transfer edit, its retry answers the edit (not 409)', async () => {
    const other = (await t.http.post(`groups/${groupId}/categories`, { name: `Transfer ${randomUUID().slice(0, 8)}` }, user.access)).json().data.id;
    const transfer = { date: '2025-03-06', type: 3, categories: [{ categoryId: groceries, amount: -3 }, { categoryId: other, amount: 3 }] };
    const recorded = (await write('POST', 'category-transfer', transfer, randomUUID())).json().data.transaction;
    const changed = { ...transfer, version: recorded.version, categories: [{ categoryId: groceries, amount: -4 }, { categoryId: other, amount: 4 }] };
    const retried = await answeredTwice('PATCH', `category-transfer/${recorded.id}`, changed);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.transaction).toMatchObject({ id: recorded.id, version: recorded.version + 1 });
  });

  test('given a 202 for an OFX import, its retry answers the import (rows added, not found unchanged), adding only the import record the first run had left', async () => {
    const retried = await answeredTwice('POST', `account/${accountId}/ofx`, ofxFile(), 1);
    expect(retried.statusCode).toBe(201);
    expect(retried.json().data).toMatchObject({ added: 2, updated: 0, unchanged: 0 });
  });

  test('given a 202 for a new category, its retry answers the category (not 422 for its own name)', async () => {
    const name = `Pending ${randomUUID().slice(0, 8)}`;
    const retried = await answeredTwice('POST', `groups/${groupId}/categories`, { name });
    expect(retried.statusCode).toBe(201);
    expect(retried.json().data).toMatchObject({ name });
    const named = (await t.db.pool.query("SELECT count(*)::int AS n FROM es_events WHERE type = 'CategoryAdded' AND data->>'name' = $1", [name])).rows[0].n;
    expect(named).toBe(1);
  });
});

// A key the table no longer holds (a crash between the append and the answer, an unlogged table
// emptied, a released key): the retry replays the request on the streams as its first run saw them.
describe('a retry whose key was forgotten replays its first run', () => {
  const forget = () => t.db.pool.query('DELETE FROM http_idempotency');

  test('a transaction edit answers the edit again, appending nothing', async () => {
    const recorded = (await write('POST', `account/${accountId}/transactions`, purchase(-6), randomUUID())).json().transaction;
    const key = randomUUID();
    const body = { version: recorded.version, comment: 'once' };
    const first = await write('PATCH', `transaction/${recorded.id}`, body, key);
    expect(first.statusCode).toBe(200);
    await forget();
    const count = await eventCount();
    const retried = await write('PATCH', `transaction/${recorded.id}`, body, key);
    expect([retried.statusCode, retried.json().data.transaction]).toEqual([200, first.json().data.transaction]);
    expect(await eventCount()).toBe(count);
  });

  test('an OFX import answers its summary again (rows added), appending nothing', async () => {
    const key = randomUUID();
    const file = ofxFile();
    const first = await write('POST', `account/${accountId}/ofx`, file, key);
    expect(first.statusCode).toBe(201);
    await forget();
    const count = await eventCount();
    const retried = await write('POST', `account/${accountId}/ofx`, file, key);
    expect([retried.statusCode, retried.json().data]).toEqual([201, first.json().data]);
    expect(await eventCount()).toBe(count);
  });

  test('adding a category answers the category again, appending nothing', async () => {
    const key = randomUUID();
    const body = { name: `Again ${randomUUID().slice(0, 8)}` };
    const first = await write('POST', `groups/${groupId}/categories`, body, key);
    expect(first.statusCode).toBe(201);
    await forget();
    const count = await eventCount();
    const retried = await write('POST', `groups/${groupId}/categories`, body, key);
    expect([retried.statusCode, retried.json().data.id]).toEqual([201, first.json().data.id]);
    expect(await eventCount()).toBe(count);
  });
});

describe('blind writes are not conflicts; a stale version is', () => {
  test('given three renames of one account sent at once without a version, all succeed and the last one stored wins', async () => {
    const names = ['Checking A', 'Checking B', 'Checking C'];
    const answers = await Promise.all(names.map((name) => write('PATCH', `account/${accountId}`, { name }, randomUUID())));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const { rows } = await t.db.pool.query<{ name: string }>(
      "SELECT data->>'name' AS name FROM es_events WHERE stream_id = $1 AND type = 'AccountRenamed' ORDER BY revision DESC LIMIT 3",
      [`account-${accountId}`],
    );
    expect(rows.map((r) => r.name).sort()).toEqual(names);
    const accounts = (await t.http.get('connected-accounts', user.access)).json();
    expect(JSON.stringify(accounts)).toContain(`"name":"${rows[0]!.name}"`);
  });

  test('given a stale version, a transaction edit answers 409 INCORRECT_VERSION naming the transaction, and changes nothing', async () => {
    const recorded = (await write('POST', `account/${accountId}/transactions`, purchase(-5), randomUUID())).json().transaction;
    expect((await write('PATCH', `transaction/${recorded.id}`, { version: recorded.version, comment: 'first' }, randomUUID())).statusCode).toBe(200);
    const count = await eventCount();
    const stale = await write('PATCH', `transaction/${recorded.id}`, { version: recorded.version, comment: 'second' }, randomUUID());
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0]).toMatchObject({
      code: 'INCORRECT_VERSION',
      status: '409',
      detail: 'The version of the transaction does not match the version stored in the database.',
    });
    expect(await eventCount()).toBe(count);
  });
});

describe('writes of callers who are not signed in honour the key too', () => {
  const login = (body: object, key: string) => t.app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'idempotency-key': key }, payload: body });

  test('a sign-in retried with its key answers the same tokens; the table holds neither the key nor the tokens in plain text', async () => {
    const key = randomUUID();
    const first = await login({ username: user.username, password: user.password }, key);
    expect(first.statusCode).toBe(200);
    const again = await login({ username: user.username, password: user.password }, key);
    expect(again.body).toBe(first.body);
    const { refresh } = first.json().data;
    const rows = (await t.db.pool.query("SELECT user_id, key, request_hash, coalesce(body, '') AS body FROM http_idempotency WHERE user_id = ''")).rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(refresh);
    expect(JSON.stringify(rows)).not.toContain(key);
  });

  test('another request with the same key is its own request (callers who are not signed in never share a key)', async () => {
    const key = randomUUID();
    const good = await login({ username: user.username, password: user.password }, key);
    const wrong = await login({ username: user.username, password: 'not the password' }, key);
    expect([good.statusCode, wrong.statusCode]).toEqual([200, 401]);
  });
});
});
