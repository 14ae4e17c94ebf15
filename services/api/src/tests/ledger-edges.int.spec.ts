import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/** The ledger's routes at their edges: what the spec's client really sends, ids in any case, bounds. */
let t: ApiTestApp;
let user: SignedUpUser;

beforeAll(async () => {
  t = await startApiTestApp();
  user = await signUp(t.http, t.mail, 'edges');
});
afterAll(async () => t.close());

const checking = (extra: Record<string, unknown> = {}) => ({ name: 'Checking', balance: 100, type: 'depository', subtype: 'checking', tracking: 'Transactions', ...extra });

describe('institutions and accounts', () => {
  test('given the spec client\'s "rate": 0 or null on non-loan accounts, both are accepted and no rate is kept', async () => {
    const response = await t.http.post(
      'institution',
      { institution: { name: 'Rate Bank' }, accounts: [checking({ rate: 0 }), checking({ name: 'Savings', subtype: 'savings', rate: null })], startDate: '2025-03-01' },
      user.access,
    );
    expect(response.status, response.body).toBe(201);
    expect(response.json().data.accounts.map((a: { name: string; rate: unknown }) => [a.name, a.rate])).toEqual([['Checking', null], ['Savings', null]]);

    const institutionId = response.json().data.id;
    const added = await t.http.post(`institution/${institutionId}/accounts`, { ...checking({ name: 'Cash', rate: 0 }), startDate: '2025-03-01' }, user.access);
    expect(added.status, added.body).toBe(201);
    expect(added.json().data.account).toMatchObject({ name: 'Cash', rate: null });
  });

  test('a loan keeps its rate; a real rate on a checking account is refused on its field', async () => {
    const loan = await t.http.post(
      'institution',
      { institution: { name: 'Loan Bank' }, accounts: [{ name: 'Car', balance: -5000, type: 'loan', subtype: 'auto', tracking: 'Transactions', rate: 5.25 }], startDate: '2025-03-01' },
      user.access,
    );
    expect(loan.status, loan.body).toBe(201);
    expect(loan.json().data.accounts[0].rate).toBe(5.25);
    const refused = await t.http.post('institution', { institution: { name: 'X' }, accounts: [checking({ rate: 3 })], startDate: '2025-03-01' }, user.access);
    expect(refused.status).toBe(422);
    expect(refused.json().errors[0].field).toBe('accounts.0.rate');
  });

  test('an upper-case account id names the same account: PATCH answers 200 with the canonical id', async () => {
    const made = await t.http.post('institution', { institution: { name: 'Case Bank' }, accounts: [checking()], startDate: '2025-03-01' }, user.access);
    const accountId: string = made.json().data.accounts[0].id;
    const response = await t.http.patch(`account/${accountId.toUpperCase()}`, { name: 'Renamed' }, user.access);
    expect(response.status, response.body).toBe(200);
    expect(response.json().data.account).toMatchObject({ id: accountId, name: 'Renamed' });
  });
});
