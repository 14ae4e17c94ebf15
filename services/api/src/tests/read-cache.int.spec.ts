import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { OpenOnlineInstitution, RecordBankFeed } from '@budget/contracts';
import { SessionsRepository } from '@budget/identity';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { StatementCounter } from '@budget/platform/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';
import { ReadCacheInterceptor } from '../read-cache/read-cache.interceptor.js';

/**
 * Read routes answer with an ETag keyed by the user's projected position and answer 304 to a
 * matching If-None-Match (docs/architecture.md §6.4): every write of the user (their own, a bank
 * sync's, a rule's) changes the tag and the next answer is fresh; two users never share a tag or an
 * answer; with the projector the tag follows what the read models show, not what was appended.
 */
describe.each(['inline', 'async'] as const)('read cache and ETags (%s projection)', (mode) => {
  let t: ApiTestApp;
  let alice: SignedUpUser;
  let bob: SignedUpUser;
  let account: string;
  let bobAccount: string;
  let groceries: string;
  /** One per pool: a client is wrapped by the first counter that sees it, and counts for that one only. */
  let counter: StatementCounter;

  const read = async (path: string, who: SignedUpUser, etag?: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/${path}`,
      headers: { authorization: `Bearer ${who.access}`, ...(etag ? { 'if-none-match': etag } : {}) },
    });
    return { status: response.statusCode, etag: response.headers.etag as string | undefined, headers: response.headers, body: response.body };
  };
  const fresh = async (path: string, who: SignedUpUser) => {
    const answer = await read(path, who);
    expect(answer.status, answer.body).toBe(200);
    expect(answer.etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    return { etag: answer.etag!, json: JSON.parse(answer.body) as unknown };
  };
  const userIdOf = (who: SignedUpUser) => JSON.parse(Buffer.from(who.access.split('.')[1]!, 'base64url').toString()).sub as string;
  /** Polls until the answer's tag differs from `before` (the projector has applied the write), generously bounded. */
  const nextTag = async (path: string, who: SignedUpUser, before: string) => {
    for (let i = 0; i < 200; i++) {
      const answer = await read(path, who, before);
      if (answer.status === 200) return { etag: answer.etag!, json: JSON.parse(answer.body) as unknown };
      expect(answer.status).toBe(304);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`${path}: the tag never moved past ${before}`);
  };
  const register = () => `account/${account}/transactions`;
  const rowNames = (json: unknown) => ((json as { data: { transactions: { accountTransaction: { name: string } | null }[] } }).data.transactions ?? []).map((r) => r.accountTransaction?.name).sort();

  beforeAll(async () => {
    t = await startApiTestApp(mode === 'async' ? { PROJECTION: 'async' } : {});
    counter = new StatementCounter(t.db.pool);
    // Five minutes to midnight (UTC) on the fixed clock, so that the day test can pass midnight within the tokens' 15 minutes.
    t.clock.set(new Date(`${new Date().toISOString().slice(0, 10)}T23:55:00Z`));
    alice = await signUp(t.http, t.mail, `cache_a_${mode}`);
    bob = await signUp(t.http, t.mail, `cache_b_${mode}`);
    groceries = ((await t.http.get('groups', alice.access)).json().data.categories as { id: string; name: string }[]).find((c) => c.name === 'Groceries')!.id;
    const opened = await t.http.post('institution', { institution: { name: 'Bank' }, accounts: [{ name: 'Checking', balance: 100, tracking: 'Transactions' }], startDate: '2025-01-01' }, alice.access);
    expect(opened.status, opened.body).toBe(201);
    account = opened.json().data.accounts[0].id;
    const bobs = await t.http.post('institution', { institution: { name: 'Bob bank' }, accounts: [{ name: 'Bob checking', balance: 5, tracking: 'Transactions' }], startDate: '2025-01-01' }, bob.access);
    expect(bobs.status, bobs.body).toBe(201);
    bobAccount = bobs.json().data.accounts[0].id;
  });
  afterAll(async () => t?.close());

  test('a second GET with the tag answers 304 with no body; the tag is private, revalidated, and kept by no shared cache', async () => {
    for (const path of ['groups', 'categories', register(), 'funding-plans/proposed?date=2025-03-01', 'reports/budget-progress?m=3-2025', 'reports/payee?startDate=2025-01-01&endDate=2025-12-31', 'transactions/search?name=grocer']) {
      await expect.poll(async () => (await read(path, alice)).status, { timeout: 10_000 }).toBe(200);
      const first = await fresh(path, alice);
      const again = await read(path, alice, first.etag);
      expect(again.status, path).toBe(304);
      expect(again.body).toBe('');
      expect(again.etag).toBe(first.etag);
      expect(again.headers['cache-control']).toBe('private, no-cache');
      const second = await fresh(path, alice);
      expect(second.etag).toBe(first.etag);
      expect(second.json).toEqual(first.json);
    }
    // Another query is another answer; a route outside the list keeps no-store and no tag.
    expect((await fresh('reports/budget-progress?m=4-2025', alice)).etag).not.toBe((await fresh('reports/budget-progress?m=3-2025', alice)).etag);
    const user = await read('user', alice);
    expect(user.etag).toBeUndefined();
    expect(user.headers['cache-control']).toBe('no-store');
    // An error is not tagged.
    const missing = await read(`account/${randomUUID()}/transactions`, alice);
    expect(missing.status).toBe(404);
    expect(missing.etag).toBeUndefined();
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  test('a kept answer and a 304 cost one statement: the session check, which reads the position in the same statement', async () => {
    const first = await fresh('groups', alice);
    // The projector (which follows the log in both modes) is held, so that what is counted is the request's.
    await t.pauseProjector();
    try {
      for (const etag of [undefined, first.etag]) {
        counter.start();
        const answer = await read('groups', alice, etag);
        const counted = counter.stop();
        expect(answer.status).toBe(etag ? 304 : 200);
        expect(answer.etag).toBe(first.etag);
        expect(counted.statements, counted.statements.join('\n')).toHaveLength(1);
        expect(counted.statements[0]).toMatch(/FROM identity_sessions/);
        expect(counted.statements[0]).toMatch(/projector_user_positions/);
      }
    } finally {
      await t.resumeProjector();
    }
  });

  test('a kept answer and a 304 are sent before Nest runs; a miss goes through Nest with its one session check', async () => {
    const intercepted = vi.spyOn(ReadCacheInterceptor.prototype, 'intercept');
    await t.pauseProjector();
    try {
      const path = 'reports/budget-progress?m=6-2025';
      counter.start();
      const first = await fresh(path, alice);
      const counted = counter.stop();
      expect(intercepted).toHaveBeenCalledTimes(1);
      // The hook's check is handed to the guard, not made again.
      expect(counted.statements.filter((statement) => /FROM identity_sessions/.test(statement)), counted.statements.join('\n')).toHaveLength(1);
      const kept = await fresh(path, alice);
      expect(kept).toEqual(first);
      expect((await read(path, alice, first.etag)).status).toBe(304);
      expect(intercepted).toHaveBeenCalledTimes(1);
      // Another user's same path is their own answer, through Nest.
      expect((await fresh(path, bob)).etag).not.toBe(first.etag);
      expect(intercepted).toHaveBeenCalledTimes(2);
      // Without a valid token the route refuses in the API's error format, kept answer or not.
      const refused = await t.app.inject({ method: 'GET', url: `/api/v1/${path}`, headers: { authorization: 'Bearer not-a-token' } });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ errors: [expect.objectContaining({ code: expect.any(String) })] });
    } finally {
      intercepted.mockRestore();
      await t.resumeProjector();
    }
  });

  test('session checks asked together are one statement, each answered for its own session, user and position', async () => {
    const sessions = t.app.get(SessionsRepository);
    const sessionOf = (who: SignedUpUser) => JSON.parse(Buffer.from(who.access.split('.')[1]!, 'base64url').toString()).sid as string;
    const dave = await signUp(t.http, t.mail, `cache_d_${mode}`);
    expect((await t.http.post('logout', { data: { refresh: dave.refresh } }, dave.access)).status).toBeLessThan(300);
    const erin = await signUp(t.http, t.mail, `cache_e_${mode}`);
    // A checkpoint of this test's own: alice is at 7 there, bob has no row yet.
    const checkpoint = `batch-${mode}`;
    await t.db.pool.query('INSERT INTO projector_user_positions (name, user_id, position) VALUES ($1, $2, 7)', [checkpoint, userIdOf(alice)]);
    await t.pauseProjector();
    try {
      counter.start();
      const answers = await Promise.all([
        sessions.activeWithPosition(sessionOf(alice), userIdOf(alice), checkpoint),
        sessions.activeWithPosition(sessionOf(bob), userIdOf(bob), checkpoint),
        // Bob's session named with alice as its user; dave's revoked session; a session that never was; not a uuid.
        sessions.activeWithPosition(sessionOf(bob), userIdOf(alice), checkpoint),
        sessions.activeWithPosition(sessionOf(dave), userIdOf(dave), checkpoint),
        sessions.activeWithPosition(randomUUID(), userIdOf(alice), checkpoint),
        sessions.activeWithPosition('nonsense', userIdOf(alice), checkpoint),
        sessions.activeWithPosition(sessionOf(alice), userIdOf(alice), checkpoint),
      ]);
      const together = counter.stop();
      expect(answers).toEqual([{ position: '7' }, { position: '0' }, null, null, null, null, { position: '7' }]);
      expect(together.statements, together.statements.join('\n')).toHaveLength(1);
      expect(together.statements[0]).toMatch(/unnest/);

      // Asked alone, after a move of the position and a revocation: read when asked, not remembered.
      await t.db.pool.query('UPDATE projector_user_positions SET position = 9 WHERE name = $1 AND user_id = $2', [checkpoint, userIdOf(alice)]);
      counter.start();
      expect(await sessions.activeWithPosition(sessionOf(alice), userIdOf(alice), checkpoint)).toEqual({ position: '9' });
      expect(counter.stop().statements).toHaveLength(1);
      expect(await sessions.activeWithPosition(sessionOf(erin), userIdOf(erin), checkpoint)).toEqual({ position: '0' });
      expect((await t.http.post('logout', { data: { refresh: erin.refresh } }, erin.access)).status).toBeLessThan(300);
      expect(await sessions.activeWithPosition(sessionOf(erin), userIdOf(erin), checkpoint)).toBeNull();
    } finally {
      await t.resumeProjector();
    }
  });

  test('a revoked session is refused on a read route even while its answer is kept', async () => {
    const carol = await signUp(t.http, t.mail, `cache_c_${mode}`);
    const kept = await fresh('groups', carol);
    expect((await read('groups', carol, kept.etag)).status).toBe(304);
    const out = await t.http.post('logout', { data: { refresh: carol.refresh } }, carol.access);
    expect(out.status, out.body).toBeLessThan(300);
    for (const etag of [undefined, kept.etag]) {
      const answer = await read('groups', carol, etag);
      expect(answer.status).toBe(401);
      expect(answer.etag).toBeUndefined();
    }
  });

  test("the user's own write changes the tag and the next answer shows it", async () => {
    const before = await fresh(register(), alice);
    const groups = await fresh('groups', alice);
    const added = await t.http.post(register(), { date: '2025-03-04', name: 'Own write', amount: -12.5, categories: [{ categoryId: groceries, amount: -12.5 }] }, alice.access);
    expect([201, 202]).toContain(added.status);
    const after = await nextTag(register(), alice, before.etag);
    expect(after.etag).not.toBe(before.etag);
    expect(rowNames(after.json)).toContain('Own write');
    // Every route of the user moves with it (the groups' balances moved too).
    const groupsAfter = await nextTag('groups', alice, groups.etag);
    expect(groupsAfter.json).not.toEqual(groups.json);
  });

  test("a bank sync's rows and a rule's apply change the tag, and the answers are fresh", async () => {
    const commands = t.app.get(CommandBus);
    const userId = userIdOf(alice);
    const before = await fresh('reports/payee?startDate=2025-01-01&endDate=2025-12-31', alice);
    const institutionId = randomUUID();
    await commands.execute(new OpenOnlineInstitution(userId, institutionId, 'Online Bank', 'ins_1', '2025-01-01', [
      { plaidAccountId: 'plaid-chk', name: 'Bank Checking', officialName: null, mask: null, plaidType: 'depository', plaidSubtype: 'checking', tracking: null, balanceCents: 0 },
    ]));
    await commands.execute(new RecordBankFeed(userId, institutionId, [
      { plaidAccountId: 'plaid-chk', transactionId: 'b1', pendingTransactionId: null, date: '2025-03-06', name: 'Corner Cafe', amountCents: -700, pending: false },
    ], []));
    let synced = await nextTag('reports/payee?startDate=2025-01-01&endDate=2025-12-31', alice, before.etag);
    for (let i = 0; i < 200 && !JSON.stringify(synced.json).includes('Corner Cafe'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      synced = await nextTag('reports/payee?startDate=2025-01-01&endDate=2025-12-31', alice, synced.etag);
    }
    expect(JSON.stringify(synced.json)).toContain('Corner Cafe');

    const categoriesBefore = await fresh('categories', alice);
    const rule = await t.http.post('auto-assignments', { name: 'Cafe', searchStrings: ['corner cafe'], categories: [{ id: -1, categoryId: groceries, amount: 100, percentage: true }] }, alice.access);
    expect(rule.status, rule.body).toBeLessThan(300);
    const applied = await t.http.post(`auto-assignments/${rule.json().id}/apply`, undefined, alice.access);
    expect(applied.status, applied.body).toBeLessThan(300);
    const categoriesAfter = await nextTag('categories', alice, categoriesBefore.etag);
    expect(categoriesAfter.etag).not.toBe(categoriesBefore.etag);
    const balance = (json: unknown) => JSON.stringify(json).match(new RegExp(`"${groceries}"[^}]*`))?.[0];
    await expect.poll(async () => balance((await fresh('categories', alice)).json), { timeout: 10_000 }).not.toBe(balance(categoriesBefore.json));
  });

  test('two users never share a tag or an answer, and one user\'s tag is no use to the other', async () => {
    const a = await fresh('groups', alice);
    const b = await fresh('groups', bob);
    expect(a.etag).not.toBe(b.etag);
    expect(b.json).not.toEqual(a.json);
    const crossed = await read('groups', bob, a.etag);
    expect(crossed.status).toBe(200);
    expect(JSON.parse(crossed.body)).toEqual(b.json);
    // Bob's write leaves Alice's tag where it was.
    // Bob cannot write into Alice's account, and his own write leaves Alice's tag where it was.
    expect((await t.http.post(`account/${account}/transactions`, { date: '2025-03-04', name: 'Not Bob', amount: -1 }, bob.access)).status).toBe(404);
    const bobs = await t.http.post(`account/${bobAccount}/transactions`, { date: '2025-03-04', name: 'Bob', amount: -1 }, bob.access);
    expect([201, 202]).toContain(bobs.status);
    await nextTag('groups', bob, b.etag);
    expect((await read('groups', alice, a.etag)).status).toBe(304);
  });

  test('a new day is a new tag (answers that read "today")', async () => {
    const today = await fresh('reports/funding-history', alice);
    expect((await read('reports/funding-history', alice, today.etag)).status).toBe(304);
    t.clock.advance(10 * 60 * 1000);
    const tomorrow = await read('reports/funding-history', alice, today.etag);
    expect(tomorrow.status).toBe(200);
    expect(tomorrow.etag).not.toBe(today.etag);
  });

  if (mode === 'async') {
    test('with the projector, the tag follows the projected position, not the appended one', async () => {
      const before = await fresh(register(), alice);
      await t.pauseProjector();
      try {
        const added = await t.http.post(register(), { date: '2025-03-07', name: 'Appended, not projected', amount: -3 }, alice.access);
        expect(added.status, added.body).toBe(202);
        // Appended, but the read models do not show it: the tag has not moved, and the cached answer is what they show.
        expect((await read(register(), alice, before.etag)).status).toBe(304);
        const unchanged = await fresh(register(), alice);
        expect(unchanged.etag).toBe(before.etag);
        expect(rowNames(unchanged.json)).not.toContain('Appended, not projected');
      } finally {
        await t.resumeProjector();
      }
      const after = await nextTag(register(), alice, before.etag);
      expect(rowNames(after.json)).toContain('Appended, not projected');
    });
  }
});
