import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rebuildReadModels } from '@budget/platform';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { readModelProjections } from '../read-model-projections.js';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * A statement that finishes and locks (docs/architecture.md §9.7): PATCH /statements/{id}
 * {finished} finishes it only at a zero difference and reopens it; its rows are locked (422
 * `statement-locked`) unless the request says `?unlock=statement`, which reopens the statement in
 * the same write and logs why; keyed retries act once; a rebuild from the log answers the same.
 * Both projection modes.
 */
interface Statement { id: string; startingBalance: number; endingBalance: number; credits: number; debits: number; finished: boolean; reconciledAt: string | null }
interface Row { id: string; version: number; amount: number }
interface LogLine { message: string; transactionId: string | null; accountId: string | null; correlationId: string | null }

describe.each(['inline', 'async'] as const)('a statement that finishes with %s projection', (mode) => {
  let t: ApiTestApp;
  let user: SignedUpUser;
  let accountId: string;
  let groceries: string;
  let statementId: string;
  let market: Row;
  let cafe: Row;
  beforeAll(async () => {
    t = await startApiTestApp(mode === 'async' ? { PROJECTION: 'async' } : {});
    user = await signUp(t.http, t.mail, `finish_${mode}`);
    const opened = await t.http.post('institution', { institution: { name: 'Finish Bank' }, startDate: '2025-01-01', accounts: [{ name: 'Checking', balance: 1000, tracking: 'Transactions' }] }, user.access);
    expect(opened.status, opened.body).toBe(201);
    accountId = opened.json().data.accounts[0].id;
    groceries = ((await t.http.get('groups', user.access)).json().data.categories as { id: string; name: string }[]).find((c) => c.name === 'Groceries')!.id;
  }, 60_000);
  afterAll(async () => t?.close());

  const call = (method: 'PATCH' | 'DELETE', url: string, body?: object, key?: string) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: { authorization: `Bearer ${user.access}`, ...(key && { 'idempotency-key': key }) }, ...(body && { payload: body }) });
  const statement = async () => ((await t.http.get(`account/${accountId}/statements`, user.access)).json() as Statement[]).find((s) => s.id === statementId)!;
  const row = async (id: string) => {
    const got = (await t.http.get(`transaction/${id}`, user.access)).json();
    const tx = got.transaction ?? got.data?.transaction ?? got;
    return { id, version: tx.version as number, amount: tx.accountTransaction.amount as number, comment: tx.accountTransaction.comment as string | null, statementId: tx.accountTransaction.statementId as string | null };
  };
  const logs = async () => (await t.http.get('transaction-logs?offset=0&limit=200', user.access)).json() as LogLine[];
  const differenceOf = (s: Statement) => Math.round(s.endingBalance * 100) - Math.round(s.startingBalance * 100) - Math.round(s.credits * 100) - Math.round(s.debits * 100);
  const codeOf = (res: { body: string }) => (JSON.parse(res.body) as { errors: { code?: string }[] }).errors[0]?.code;

  test('finishing is refused while the difference is not zero, and changes nothing', async () => {
    const record = async (name: string, amount: number) => {
      const made = await t.http.post(`account/${accountId}/transactions`, { date: '2025-03-05', name, amount, categories: [{ categoryId: groceries, amount }] }, user.access);
      expect(made.status, made.body).toBe(201);
      return made.json().transaction as Row;
    };
    market = await record('Market', -40);
    cafe = await record('Cafe', -10);
    const made = await t.http.post(`account/${accountId}/statements`, { startDate: '2025-03-01', endDate: '2025-03-31', startingBalance: 1000, endingBalance: 950 }, user.access);
    expect(made.status, made.body).toBe(201);
    expect(made.json()).toMatchObject({ finished: false, reconciledAt: null });
    statementId = made.json().id;
    const tick = await call('PATCH', `transaction/${market.id}`, { version: market.version, statementId });
    expect(tick.statusCode, tick.body).toBe(200);
    market = { ...market, version: tick.json().data.transaction.version };

    const refused = await call('PATCH', `statements/${statementId}`, { finished: true }, `finish-early-${mode}`);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(codeOf(refused)).toBe('difference');
    expect(refused.json().errors[0].message).toContain('-10.00');
    expect(await statement()).toMatchObject({ finished: false, reconciledAt: null });
  }, 60_000);

  test("the spec client's PATCH bodies work as before on an open statement", async () => {
    const fields = await call('PATCH', `statements/${statementId}`, { startDate: '2025-03-01', endDate: '2025-03-31', startingBalance: 1000, endingBalance: 950 });
    expect(fields.statusCode, fields.body).toBe(200);
    expect(fields.json()).toMatchObject({ id: statementId, startingBalance: 1000, endingBalance: 950, debits: -40, finished: false });
  });

  test('at a zero difference a keyed finish (sent twice) finishes it once and locks its rows', async () => {
    const tick = await call('PATCH', `transaction/${cafe.id}`, { version: cafe.version, statementId });
    expect(tick.statusCode, tick.body).toBe(200);
    cafe = { ...cafe, version: tick.json().data.transaction.version };
    expect(differenceOf(tick.json().data.statement)).toBe(0);

    const finished = [await call('PATCH', `statements/${statementId}`, { finished: true }, `finish-${mode}`), await call('PATCH', `statements/${statementId}`, { finished: true }, `finish-${mode}`)];
    for (const res of finished) expect(res.statusCode, res.body).toBe(200);
    expect(finished[0]!.json()).toMatchObject({ id: statementId, finished: true, reconciledAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(finished[1]!.json()).toEqual(finished[0]!.json());
    expect(await statement()).toEqual(finished[0]!.json());
    expect((await logs()).filter((l) => l.message.includes('finished the statement of "Checking" from 2025-03-01 to 2025-03-31'))).toHaveLength(1);

    // Finishing again (a new request) is refused; so is changing the finished statement.
    const again = await call('PATCH', `statements/${statementId}`, { finished: true }, `finish-again-${mode}`);
    expect(again.statusCode, again.body).toBe(422);
    expect(codeOf(again)).toBe('already-finished');
    const changed = await call('PATCH', `statements/${statementId}`, { endingBalance: 900 });
    expect(changed.statusCode, changed.body).toBe(422);
    expect(codeOf(changed)).toBe('statement-locked');
    const none = await call('PATCH', `statements/${statementId}`, { reconcile: 'None' });
    expect(none.statusCode, none.body).toBe(422);
    expect(await statement()).toEqual(finished[0]!.json());
  });

  test("a locked row's amount, date, tick and delete are refused unconfirmed and nothing changes; its memo may change", async () => {
    const before = await row(market.id);
    for (const body of [{ amount: -45, categories: [{ categoryId: groceries, amount: -45 }] }, { date: '2025-03-06' }, { statementId: null }]) {
      const refused = await call('PATCH', `transaction/${market.id}`, { version: before.version, ...body });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(codeOf(refused)).toBe('statement-locked');
    }
    const deleted = await call('DELETE', `transaction/${market.id}`);
    expect(deleted.statusCode, deleted.body).toBe(422);
    expect(codeOf(deleted)).toBe('statement-locked');
    expect(await row(market.id)).toEqual(before);
    expect(await statement()).toMatchObject({ finished: true, debits: -50 });

    const memo = await call('PATCH', `transaction/${market.id}`, { version: before.version, comment: 'weekly shop' });
    expect(memo.statusCode, memo.body).toBe(200);
    market = { ...market, version: memo.json().data.transaction.version };
    expect(await statement()).toMatchObject({ finished: true, debits: -50 });
  });

  test('a confirmed change (keyed, sent twice) goes through once, reopens the statement visibly and is logged with its cause', async () => {
    const body = { version: market.version, amount: -45, categories: [{ categoryId: groceries, amount: -45 }] };
    const sent = [await call('PATCH', `transaction/${market.id}?unlock=statement`, body, `unlock-${mode}`), await call('PATCH', `transaction/${market.id}?unlock=statement`, body, `unlock-${mode}`)];
    for (const res of sent) expect(res.statusCode, res.body).toBe(200);
    expect(sent[0]!.json().data.transaction.version).toBe(market.version + 1);
    expect((await row(market.id)).version).toBe(market.version + 1);
    market = { ...market, version: market.version + 1, amount: -45 };
    const open = await statement();
    expect(open).toMatchObject({ finished: false, reconciledAt: null, debits: -55 });
    expect(differenceOf(open)).toBe(500);

    const lines = await logs();
    const reopened = lines.filter((l) => l.message.includes('"Market", a row of the finished statement of "Checking" from 2025-03-01 to 2025-03-31, so the statement was reopened'));
    expect(reopened).toHaveLength(1);
    const edit = lines.filter((l) => l.transactionId === market.id && l.message.includes('changed the amount from -40.00 to -45.00'));
    expect(edit).toHaveLength(1);
    expect(reopened[0]!.correlationId).toBe(edit[0]!.correlationId);
  });

  test('reopen unlocks: rows change freely, it finishes again, a keyed reopen acts once', async () => {
    const back = await call('PATCH', `transaction/${market.id}`, { version: market.version, amount: -40, categories: [{ categoryId: groceries, amount: -40 }] });
    expect(back.statusCode, back.body).toBe(200);
    market = { ...market, version: back.json().data.transaction.version, amount: -40 };
    const finished = await call('PATCH', `statements/${statementId}`, { finished: true }, `finish-2-${mode}`);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json().finished).toBe(true);

    const reopen = [await call('PATCH', `statements/${statementId}`, { finished: false }, `reopen-${mode}`), await call('PATCH', `statements/${statementId}`, { finished: false }, `reopen-${mode}`)];
    for (const res of reopen) expect(res.statusCode, res.body).toBe(200);
    expect(reopen[0]!.json()).toMatchObject({ finished: false, reconciledAt: null });
    expect((await logs()).filter((l) => l.message === 'You reopened the statement of "Checking" from 2025-03-01 to 2025-03-31')).toHaveLength(1);
    const untick = await call('PATCH', `transaction/${cafe.id}`, { version: cafe.version, statementId: null });
    expect(untick.statusCode, untick.body).toBe(200);
    cafe = { ...cafe, version: untick.json().data.transaction.version };
  });

  test('a confirmed delete of a locked row reopens the statement; a bulk delete of one is refused', async () => {
    const tick = await call('PATCH', `transaction/${cafe.id}`, { version: cafe.version, statementId });
    expect(tick.statusCode, tick.body).toBe(200);
    expect((await call('PATCH', `statements/${statementId}`, { finished: true })).statusCode).toBe(200);
    const bulk = await t.app.inject({ method: 'POST', url: '/api/v1/transactions/bulk', headers: { authorization: `Bearer ${user.access}` }, payload: { action: 'delete', ids: [cafe.id] } });
    expect(bulk.statusCode, bulk.body).toBe(422);
    expect(codeOf(bulk)).toBe('statement-locked');
    const gone = await call('DELETE', `transaction/${cafe.id}?unlock=statement`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await statement()).toMatchObject({ finished: false, debits: -40 });
    expect((await logs()).some((l) => l.message.includes('deleted "Cafe", a row of the finished statement'))).toBe(true);
  });

  test('a rebuild from the log answers the same statement and log', async () => {
    expect((await call('PATCH', `statements/${statementId}`, { endingBalance: 960 })).statusCode).toBe(200);
    expect((await call('PATCH', `statements/${statementId}`, { finished: true })).statusCode).toBe(200);
    const before = { statement: await statement(), logs: await logs() };
    expect(before.statement.finished).toBe(true);
    await t.pauseProjector();
    await rebuildReadModels({ pool: t.db.pool, store: t.store, projections: readModelProjections });
    await t.resumeProjector();
    expect({ statement: await statement(), logs: await logs() }).toEqual(before);
  }, 60_000);
});
