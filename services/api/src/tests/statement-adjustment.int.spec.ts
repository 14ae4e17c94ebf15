import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * Reconciliation adjustment (docs/architecture.md §9.7): the client closes a statement's
 * difference with the spec's own routes — POST /account/{id}/transactions (the spec's body has no
 * statementId), then PATCH /transaction/{id} {version, statementId} — each under its own
 * Idempotency-Key, so both are logged with their cause like every write. Both projection modes.
 */
describe.each(['inline', 'async'] as const)('a reconciliation adjustment with %s projection', (mode) => {
  let t: ApiTestApp;
  let user: SignedUpUser;
  let accountId: string;
  let groceries: string;
  beforeAll(async () => {
    t = await startApiTestApp(mode === 'async' ? { PROJECTION: 'async' } : {});
    user = await signUp(t.http, t.mail, `adjust_${mode}`);
    const opened = await t.http.post('institution', { institution: { name: 'Adjust Bank' }, startDate: '2025-01-01', accounts: [{ name: 'Checking', balance: 1000, tracking: 'Transactions' }] }, user.access);
    expect(opened.status, opened.body).toBe(201);
    accountId = opened.json().data.accounts[0].id;
    groceries = ((await t.http.get('groups', user.access)).json().data.categories as { id: string; name: string }[]).find((c) => c.name === 'Groceries')!.id;
  }, 60_000);
  afterAll(async () => t?.close());

  const keyed = (method: 'POST' | 'PATCH', url: string, body: object, key: string) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: { authorization: `Bearer ${user.access}`, 'idempotency-key': key }, payload: body });
  /** ending − starting − credits − debits, in cents. */
  const differenceOf = (s: { startingBalance: number; endingBalance: number; credits: number; debits: number }) => Math.round(s.endingBalance * 100) - Math.round(s.startingBalance * 100) - Math.round(s.credits * 100) - Math.round(s.debits * 100);

  test('the adjustment, created and ticked under its keys, makes the difference zero once, and is in the log with its cause', async () => {
    const row = await t.http.post(`account/${accountId}/transactions`, { date: '2025-03-05', name: 'Market', amount: -40, categories: [{ categoryId: groceries, amount: -40 }] }, user.access);
    expect(row.status, row.body).toBe(201);
    const statement = await t.http.post(`account/${accountId}/statements`, { startDate: '2025-03-01', endDate: '2025-03-31', startingBalance: 1000, endingBalance: 955 }, user.access);
    expect(statement.status, statement.body).toBe(201);
    const statementId = statement.json().id as string;
    const tick = await t.http.patch(`transaction/${row.json().transaction.id}`, { version: row.json().transaction.version, statementId }, user.access);
    expect(tick.status, tick.body).toBe(200);
    expect(differenceOf(tick.json().data.statement)).toBe(-500);

    // The adjustment: the difference, on the end date, in the chosen category; a retry with its key makes no second row.
    const body = { date: '2025-03-31', name: 'Reconciliation adjustment', amount: -5, categories: [{ categoryId: groceries, amount: -5 }] };
    const made = [await keyed('POST', `account/${accountId}/transactions`, body, `adjust-create-${mode}`), await keyed('POST', `account/${accountId}/transactions`, body, `adjust-create-${mode}`)];
    expect(made[0]!.statusCode, made[0]!.body).toBe(201);
    const adjustment = made[0]!.json().transaction as { id: string; version: number };
    expect(made[1]!.json().transaction.id).toBe(adjustment.id);
    const ticked = [await keyed('PATCH', `transaction/${adjustment.id}`, { version: adjustment.version, statementId }, `adjust-tick-${mode}`), await keyed('PATCH', `transaction/${adjustment.id}`, { version: adjustment.version, statementId }, `adjust-tick-${mode}`)];
    expect(ticked[0]!.statusCode, ticked[0]!.body).toBe(200);
    expect(ticked[1]!.statusCode, ticked[1]!.body).toBe(200);
    expect(differenceOf(ticked[0]!.json().data.statement)).toBe(0);

    const [listed] = (await t.http.get(`account/${accountId}/statements`, user.access)).json() as { id: string; startingBalance: number; endingBalance: number; credits: number; debits: number }[];
    expect(listed).toMatchObject({ id: statementId, credits: 0, debits: -45 });
    expect(differenceOf(listed!)).toBe(0);
    const register = (await t.http.get(`account/${accountId}/transactions?offset=0&limit=30`, user.access)).json().data.transactions as { id: string; accountTransaction: { name: string; statementId: string | null } }[];
    expect(register.filter((r) => r.accountTransaction.name === 'Reconciliation adjustment').map((r) => [r.id, r.accountTransaction.statementId])).toEqual([[adjustment.id, statementId]]);

    // The log: the row's creation and its tick, each with the cause of its request.
    const logs = (await t.http.get('transaction-logs?offset=0&limit=100', user.access)).json() as { message: string; transactionId: string; correlationId: string | null; causationId: string | null }[];
    const mine = logs.filter((l) => l.transactionId === adjustment.id);
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.some((l) => l.message.includes('Reconciliation adjustment'))).toBe(true);
    for (const line of mine) {
      expect(line.correlationId).toEqual(expect.any(String));
      expect(line.causationId).toEqual(expect.any(String));
    }
    expect(new Set(mine.map((l) => l.correlationId)).size).toBe(mine.length);
  }, 120_000);
});
