import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

let t: ApiTestApp;
let user: SignedUpUser;
let accountId: string;

beforeAll(async () => {
  t = await startApiTestApp();
  user = await signUp(t.http, t.mail, 'start-date');
  const created = await t.http.post(
    'institution',
    { institution: { name: 'Dated Bank' }, accounts: [{ name: 'Checking', balance: 1000, type: 'depository', subtype: 'checking', tracking: 'Transactions' }], startDate: '2025-03-01' },
    user.access,
  );
  accountId = created.json().data.accounts[0].id;
});
afterAll(async () => t.close());

const accountBalance = async () =>
  ((await t.http.get('connected-accounts', user.access)).json().data as { accounts: { id: string; balance: number }[] }[]).flatMap((i) => i.accounts).find((a) => a.id === accountId)!.balance;

describe("a manual transaction and the account's start date", () => {
  test('a row dated the day before the start date is refused on `date`, and nothing moves', async () => {
    const response = await t.http.post(`account/${accountId}/transactions`, { date: '2025-02-28', name: 'Too early', amount: -20, categories: [] }, user.access);
    expect(response.status).toBe(422);
    expect(response.json().errors).toEqual([expect.objectContaining({ field: 'date', message: "The date is before the account's start date (2025-03-01)." })]);
    expect(await accountBalance()).toBe(1000);
    const register = (await t.http.get(`account/${accountId}/transactions?offset=0&limit=30`, user.access)).json().data;
    expect(register.transactions).toEqual([]);
  });

  test('the start date itself is taken; moving a row before it by PATCH is refused', async () => {
    const made = await t.http.post(`account/${accountId}/transactions`, { date: '2025-03-01', name: 'First day', amount: -20, categories: [] }, user.access);
    expect(made.status).toBe(201);
    expect(made.json().acctBalances).toEqual([{ id: accountId, balance: 980 }]);
    const id = made.json().transaction.id;
    const moved = await t.http.patch(`transaction/${id}`, { version: 0, date: '2025-01-15' }, user.access);
    expect(moved.status).toBe(422);
    expect(moved.json().errors[0]).toMatchObject({ field: 'date', message: "The date is before the account's start date (2025-03-01)." });
    const later = await t.http.patch(`transaction/${id}`, { version: 0, date: '2025-03-04' }, user.access);
    expect(later.status).toBe(200);
    expect(later.json().data.transaction.date).toBe('2025-03-04');
  });
});

describe('a statement holds only the rows the user ticks', () => {
  test("creating one with the spec client's body ticks nothing; each tick moves credits, debits and so the difference", async () => {
    const rows: string[] = [];
    for (const [date, amount] of [['2025-04-03', -40], ['2025-04-09', 250.5], ['2025-04-20', -12.25]] as const) {
      rows.push((await t.http.post(`account/${accountId}/transactions`, { date, name: `Row ${amount}`, amount, categories: [] }, user.access)).json().transaction.id);
    }
    const created = await t.http.post(`account/${accountId}/statements`, { startDate: '2025-04-01', endDate: '2025-04-30', startingBalance: 980, endingBalance: 1178.25 }, user.access);
    expect(created.status).toBe(201);
    expect(created.json()).toMatchObject({ credits: 0, debits: 0, transactions: [] });
    const statementId = created.json().id;
    const register = (await t.http.get(`account/${accountId}/transactions?offset=0&limit=30`, user.access)).json().data.transactions as { accountTransaction: { statementId: string | null } }[];
    expect(register.every((r) => r.accountTransaction.statementId === null)).toBe(true);

    const first = await t.http.patch(`transaction/${rows[0]}`, { version: 0, statementId }, user.access);
    expect(first.json().data.statement).toMatchObject({ credits: 0, debits: -40 });
    const second = await t.http.patch(`transaction/${rows[1]}`, { version: 0, statementId }, user.access);
    expect(second.json().data.statement).toMatchObject({ credits: 250.5, debits: -40 });
    // ending − starting − ticked = 1178.25 − 980 − 210.50 = −12.25: the unticked row.
    const [listed] = (await t.http.get(`account/${accountId}/statements`, user.access)).json() as { endingBalance: number; startingBalance: number; credits: number; debits: number }[];
    expect(Math.round((listed!.endingBalance - listed!.startingBalance - listed!.credits - listed!.debits) * 100)).toBe(-1225);
  });
});
