import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * GET /api/v1/idempotency-keys/{key}: what became of a write by its key — what the web client's tray
 * of unconfirmed saves (libs/web/src/save-tray) asks after an answer was lost. The exact answer
 * shape of the contract, each state, and one user never reading another's key. With inline
 * projection and with the projector (a 202 keeps its key as pending).
 */
const post = (t: ApiTestApp, user: SignedUpUser, path: string, body: unknown, key: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/${path}`, headers: { authorization: `Bearer ${user.access}`, 'idempotency-key': key }, payload: body as object });
const stateOf = async (t: ApiTestApp, user: SignedUpUser, key: string) => {
  const answer = await t.http.get(`idempotency-keys/${key}`, user.access);
  return { status: answer.status, body: answer.status === 200 ? answer.json() : answer.body };
};

describe('with inline projection', () => {
  let t: ApiTestApp;
  let alice: SignedUpUser;
  let bob: SignedUpUser;
  beforeAll(async () => {
    t = await startApiTestApp();
    alice = await signUp(t.http, t.mail, 'alice');
    bob = await signUp(t.http, t.mail, 'bob');
  }, 60_000);
  afterAll(async () => t?.close());

  test('a key never sent is unknown: nothing was recorded under it', async () => {
    expect(await stateOf(t, alice, randomUUID())).toEqual({ status: 200, body: { data: { state: 'unknown', status: null, stale: false } } });
  });

  test('a stored write is done with the status it answered; only its user sees it (another user: unknown)', async () => {
    const key = randomUUID();
    const made = await post(t, alice, 'groups', { name: 'Trips', parentGroupId: null }, key);
    expect(made.statusCode, made.body).toBe(201);
    expect(await stateOf(t, alice, key)).toEqual({ status: 200, body: { data: { state: 'done', status: 201, stale: false } } });
    expect(await stateOf(t, bob, key)).toEqual({ status: 200, body: { data: { state: 'unknown', status: null, stale: false } } });
    // Upper case is the same UUID to the contract, lower-cased before it is read.
    expect((await stateOf(t, alice, key.toUpperCase())).body).toEqual({ data: { state: 'done', status: 201, stale: false } });
  });

  test('a refused write gives its key back: unknown, and nothing was stored', async () => {
    const key = randomUUID();
    const refused = await post(t, alice, 'groups', { name: 12 }, key);
    expect(refused.statusCode).toBe(422);
    expect((await stateOf(t, alice, key)).body).toEqual({ data: { state: 'unknown', status: null, stale: false } });
  });

  test('a key the web client cannot have made (not a UUID) is 404; without a token 401', async () => {
    expect((await stateOf(t, alice, 'not-a-uuid')).status).toBe(404);
    expect((await t.http.get(`idempotency-keys/${randomUUID()}`)).status).toBe(401);
  });

  test('a request that holds its key is running; stale once it held it longer than a retry waits', async () => {
    const key = randomUUID();
    // As the interceptor claims a key: a running row whose request has not ended (its process stopped).
    const { storedUserKey } = await import('@budget/platform');
    const userId = (await t.db.pool.query<{ id: string }>('SELECT id FROM identity_users WHERE username = $1', [alice.username])).rows[0]!.id;
    await t.db.pool.query(`INSERT INTO http_idempotency (user_id, key, request_hash, state) VALUES ($1, $2, 'h', 'running')`, [userId, storedUserKey(key)]);
    expect((await stateOf(t, alice, key)).body).toEqual({ data: { state: 'running', status: null, stale: false } });
    await t.db.pool.query(`UPDATE http_idempotency SET started_at = now() - interval '31 seconds' WHERE key = $1`, [storedUserKey(key)]);
    expect((await stateOf(t, alice, key)).body).toEqual({ data: { state: 'running', status: null, stale: true } });
  });

  // A signed-out session's keyed write: refused before its key counts for anything, and never
  // answered from a key's kept answer (docs/architecture.md §6.2).
  const groupNames = async (user: SignedUpUser) =>
    ((await t.http.get('groups', user.access)).json().data.groups as { name: string }[]).map((group) => group.name);
  const signIn = async (user: SignedUpUser) => (await t.http.post('login', { username: user.username, password: user.password })).json().data as { access: string };

  test('a keyed write from a signed-out session: 401, nothing stored, its key given back for the same action signed in again', async () => {
    const carol = await signUp(t.http, t.mail, 'carol');
    const again = await signIn(carol);
    expect((await t.http.post('logout', { data: { refresh: carol.refresh } }, carol.access)).status).toBe(200);
    const key = randomUUID();
    const refused = await post(t, carol, 'groups', { name: 'Signed out', parentGroupId: null }, key);
    expect([refused.statusCode, refused.json()]).toEqual([401, { errors: [expect.objectContaining({ message: 'Unauthorized access' })] }]);
    // An Idempotency-Key the contract refuses is still a 401 first.
    expect((await post(t, carol, 'groups', { name: 'Signed out', parentGroupId: null }, ' no spaces ')).statusCode).toBe(401);
    const signedIn = { ...carol, access: again.access };
    expect(await groupNames(signedIn)).not.toContain('Signed out');
    expect((await stateOf(t, signedIn, key)).body).toEqual({ data: { state: 'unknown', status: null, stale: false } });
    // The same action retried from a live session runs at once (the key was not left running).
    const made = await post(t, signedIn, 'groups', { name: 'Signed out', parentGroupId: null }, key);
    expect(made.statusCode, made.body).toBe(201);
    expect((await groupNames(signedIn)).filter((name) => name === 'Signed out')).toHaveLength(1);
  });

  test("a key's kept answer is not replayed to a session signed out since", async () => {
    const dave = await signUp(t.http, t.mail, 'dave');
    const key = randomUUID();
    const made = await post(t, dave, 'groups', { name: 'Kept', parentGroupId: null }, key);
    expect(made.statusCode, made.body).toBe(201);
    expect((await post(t, dave, 'groups', { name: 'Kept', parentGroupId: null }, key)).body).toBe(made.body);
    expect((await t.http.post('logout', { data: { refresh: dave.refresh } }, dave.access)).status).toBe(200);
    const replay = await post(t, dave, 'groups', { name: 'Kept', parentGroupId: null }, key);
    expect(replay.statusCode).toBe(401);
    expect(replay.body).not.toContain('Kept');
  });
});

describe('with the projector held back (PROJECTION=async)', () => {
  let t: ApiTestApp;
  let alice: SignedUpUser;
  beforeAll(async () => {
    t = await startApiTestApp({ PROJECTION: 'async', PROJECTION_WAIT_MS: '300' });
    alice = await signUp(t.http, t.mail, 'alice');
  }, 60_000);
  afterAll(async () => t?.close());

  test('a write answered 202 is pending (stored), and done once a retry gets its full answer', async () => {
    await t.pauseProjector();
    const key = randomUUID();
    let answered;
    try {
      answered = await post(t, alice, 'groups', { name: 'Later', parentGroupId: null }, key);
      expect(answered.statusCode, answered.body).toBe(202);
      expect((await stateOf(t, alice, key)).body).toEqual({ data: { state: 'pending', status: null, stale: false } });
    } finally {
      await t.resumeProjector();
    }
    // The retry with the same key waits for the read models, then answers in full (polled, generously bounded).
    for (let i = 0; i < 100; i += 1) {
      answered = await post(t, alice, 'groups', { name: 'Later', parentGroupId: null }, key);
      if (answered.statusCode !== 202) break;
    }
    expect(answered!.statusCode, answered!.body).toBe(201);
    expect((await stateOf(t, alice, key)).body).toEqual({ data: { state: 'done', status: 201, stale: false } });
  }, 120_000);
});
