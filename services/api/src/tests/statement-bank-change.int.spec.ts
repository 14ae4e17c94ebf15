import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CommandBus } from '@nestjs/cqrs';
import { RecordBankRowsCommand, type RecordBankRowsResult } from '@budget/ledger';
import type { Cents } from '@budget/money';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';
import { ofxFile } from '../testing/ofx-file.js';

/**
 * A bank change to a row of a finished statement (docs/architecture.md §9.7): the bank's new
 * amount, its removal of the row, or a re-imported file's new amount moves the statement's figures,
 * so the statement is reopened in the same write with a log line naming the row and its source; a
 * feed or file that changes nothing leaves it finished. Both projection modes.
 */
interface Statement { id: string; startingBalance: number; endingBalance: number; credits: number; debits: number; finished: boolean }
interface LogLine { message: string; transactionId: string | null }

const fileOf = (amount: string) => ofxFile([{ fitid: 'FILE-1', date: '20250405', amount, name: 'FILE SHOP' }], { start: '20250401', end: '20250410', ledgerBalance: '0.00' });

describe.each(['inline', 'async'] as const)('a bank change to a finished statement with %s projection', (mode) => {
  let t: ApiTestApp;
  let user: SignedUpUser;
  let userId: string;
  let accountId: string;
  let statementId: string;
  let rowId: string;
  beforeAll(async () => {
    t = await startApiTestApp(mode === 'async' ? { PROJECTION: 'async' } : {});
    user = await signUp(t.http, t.mail, `bankfinish_${mode}`);
    userId = (await t.db.pool.query<{ id: string }>('SELECT id::text FROM identity_users WHERE username = $1', [user.username])).rows[0]!.id;
    const opened = await t.http.post('institution', { institution: { name: 'Bank Change' }, startDate: '2025-01-01', accounts: [{ name: 'Checking', balance: 1000, tracking: 'Transactions' }] }, user.access);
    expect(opened.status, opened.body).toBe(201);
    accountId = opened.json().data.accounts[0].id;
  }, 60_000);
  afterAll(async () => t?.close());

  const feed = (amount: number, removed = false): Promise<RecordBankRowsResult> => {
    const row = { accountId, provider: 'plaid' as const, providerTransactionId: 'bank-row-1', pendingTransactionId: null, date: '2025-03-05', name: 'Corner Market', amount: amount as Cents, pending: false };
    return t.app.get(CommandBus).execute(new RecordBankRowsCommand(userId, removed ? [] : [row], removed ? [{ accountId, provider: 'plaid', providerTransactionId: 'bank-row-1' }] : [], 250));
  };
  const call = (method: 'PATCH', url: string, body: object, key: string) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: { authorization: `Bearer ${user.access}`, 'idempotency-key': key }, payload: body });
  const statement = async () => ((await t.http.get(`account/${accountId}/statements`, user.access)).json() as Statement[]).find((s) => s.id === statementId)!;
  const reopenLines = async () =>
    ((await t.http.get('transaction-logs?offset=0&limit=200', user.access)).json() as LogLine[]).filter((l) => l.message.includes('so the statement was reopened'));
  const finish = async (key: string) => {
    const done = await call('PATCH', `statements/${statementId}`, { finished: true }, key);
    expect(done.statusCode, done.body).toBe(200);
    expect(await statement()).toMatchObject({ finished: true });
  };

  test('a bank row ticked onto a statement that is then finished', async () => {
    expect(await feed(-4000)).toMatchObject({ added: 1 });
    const register = (await t.http.get(`account/${accountId}/transactions?offset=0&limit=30`, user.access)).json();
    const row = (register.data?.transactions ?? register.transactions).find((r: { accountTransaction: { name: string } }) => r.accountTransaction.name === 'Corner Market');
    rowId = row.id;
    const made = await t.http.post(`account/${accountId}/statements`, { startDate: '2025-03-01', endDate: '2025-03-31', startingBalance: 1000, endingBalance: 960 }, user.access);
    expect(made.status, made.body).toBe(201);
    statementId = made.json().id;
    const tick = await call('PATCH', `transaction/${rowId}`, { version: row.version, statementId }, `tick-${mode}`);
    expect(tick.statusCode, tick.body).toBe(200);
    await finish(`finish-1-${mode}`);
  }, 60_000);

  test('the same row sent again changes nothing: the statement stays finished', async () => {
    expect(await feed(-4000)).toMatchObject({ added: 0, changed: 0, unchanged: 1 });
    expect(await statement()).toMatchObject({ finished: true, debits: -40 });
    expect(await reopenLines()).toEqual([]);
  });

  test("the bank's new amount reopens the statement in the same write, and the log says why", async () => {
    expect(await feed(-4500)).toMatchObject({ changed: 1 });
    expect(await statement()).toMatchObject({ finished: false, debits: -45 });
    const lines = await reopenLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ message: expect.stringMatching(/^Bank sync changed "Corner Market", a row of the finished statement .* so the statement was reopened$/) });
  });

  test("the bank's removal of a row of a finished statement reopens it too", async () => {
    const fields = await call('PATCH', `statements/${statementId}`, { endingBalance: 955 }, `ending-${mode}`);
    expect(fields.statusCode, fields.body).toBe(200);
    await finish(`finish-2-${mode}`);
    expect(await feed(0, true)).toMatchObject({ removed: 1 });
    expect(await statement()).toMatchObject({ finished: false, debits: 0 });
    const lines = await reopenLines();
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => l.message)).toContainEqual(expect.stringMatching(/^Bank sync deleted "Corner Market", a row of the finished statement/));
  });

  test("a re-imported file's new amount for a row of a finished statement reopens it; the same file again does not", async () => {
    const importFile = async (amount: string) => {
      const imported = await t.app.inject({ method: 'POST', url: `/api/v1/account/${accountId}/ofx`, headers: { authorization: `Bearer ${user.access}`, 'content-type': 'application/x-ofx' }, payload: fileOf(amount) });
      expect(imported.statusCode, imported.body).toBeLessThan(300);
    };
    await importFile('-25.00');
    const register = (await t.http.get(`account/${accountId}/transactions?offset=0&limit=30`, user.access)).json();
    const row = (register.data?.transactions ?? register.transactions).find((r: { accountTransaction: { name: string } }) => r.accountTransaction.name === 'FILE SHOP');
    const april = await t.http.post(`account/${accountId}/statements`, { startDate: '2025-04-01', endDate: '2025-04-30', startingBalance: 1000, endingBalance: 975 }, user.access);
    expect(april.status, april.body).toBe(201);
    const tick = await call('PATCH', `transaction/${row.id}`, { version: row.version, statementId: april.json().id }, `tick-file-${mode}`);
    expect(tick.statusCode, tick.body).toBe(200);
    const done = await call('PATCH', `statements/${april.json().id}`, { finished: true }, `finish-file-${mode}`);
    expect(done.statusCode, done.body).toBe(200);
    const aprilNow = async () => ((await t.http.get(`account/${accountId}/statements`, user.access)).json() as Statement[]).find((x) => x.id === april.json().id)!;

    await importFile('-25.00');
    expect(await aprilNow()).toMatchObject({ finished: true, debits: -25 });
    const before = (await reopenLines()).length;
    await importFile('-27.50');
    expect(await aprilNow()).toMatchObject({ finished: false, debits: -27.5 });
    const lines = await reopenLines();
    expect(lines).toHaveLength(before + 1);
    expect(lines.map((l) => l.message)).toContainEqual(expect.stringMatching(/changed "FILE SHOP", a row of the finished statement .* from 2025-04-01 to 2025-04-30, so the statement was reopened$/));
  });
});
