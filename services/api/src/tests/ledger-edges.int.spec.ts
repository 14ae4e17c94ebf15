import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/** The ledger's routes at their edges: what the spec's client really sends, ids in any case, bounds. */
let t: ApiTestApp;
let user: SignedUpUser;
let categories: Map<string, string>;

beforeAll(async () => {
  t = await startApiTestApp();
  user = await signUp(t.http, t.mail, 'edges');
  const tree = (await t.http.get('groups', user.access)).json().data.categories as { id: string; name: string }[];
  categories = new Map(tree.map((c) => [c.name, c.id]));
});
afterAll(async () => t.close());

const openChecking = async (name: string, balance = 100): Promise<string> => {
  const made = await t.http.post('institution', { institution: { name }, accounts: [checking({ balance })], startDate: '2025-03-01' }, user.access);
  expect(made.status, made.body).toBe(201);
  return made.json().data.accounts[0].id;
};
const balanceOf = async (accountId: string): Promise<number> =>
  (await t.http.get(`account/${accountId}/transactions?limit=1`, user.access)).json().data.balance;

/** An OFX file with `count` rows dated in March 2025. */
const ofxRows = (count: number) => `OFXHEADER:100
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKACCTFROM><ACCTID>9</BANKACCTFROM><BANKTRANLIST>
${Array.from({ length: count }, (_, i) => `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>202503${String(1 + (i % 28)).padStart(2, '0')}<TRNAMT>-1.00<FITID>R${i}<NAME>ROW ${i}</STMTTRN>`).join('\n')}
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

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

describe('transactions and registers', () => {
  test('given the spec client\'s exact payload with "principle": 0 on a checking account, the balance moves by the amount', async () => {
    const accountId = await openChecking('Principle Bank', 100);
    const payload = { date: '2025-03-05', name: 'Groceries run', amount: -25, principle: 0, categories: [{ categoryId: categories.get('Groceries'), amount: -25 }] };
    const response = await t.http.post(`account/${accountId}/transactions`, payload, user.access);
    expect(response.status, response.body).toBe(201);
    expect(response.json().acctBalances).toEqual([{ id: accountId, balance: 75 }]);
    expect(response.json().transaction.accountTransaction).toMatchObject({ amount: -25, principle: null });
    expect(await balanceOf(accountId)).toBe(75);

    const edited = await t.http.patch(`transaction/${response.json().transaction.id}`, { ...payload, amount: -30, categories: [{ categoryId: categories.get('Groceries'), amount: -30 }], version: 0 }, user.access);
    expect(edited.status, edited.body).toBe(200);
    expect(edited.json().data.acctBalances).toEqual([{ id: accountId, balance: 70 }]);
  });

  test('given more than 30 rows, a register and the transaction log without a limit answer the spec\'s page of 30', async () => {
    const accountId = await openChecking('Paging Bank', 0);
    const imported = await t.app.inject({
      method: 'POST', url: `/api/v1/account/${accountId}/ofx`, payload: ofxRows(35),
      headers: { authorization: `Bearer ${user.access}`, 'content-type': 'application/x-ofx' },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const register = (await t.http.get(`account/${accountId}/transactions`, user.access)).json().data;
    expect(register.transactionsCount).toBe(35);
    expect(register.transactions).toHaveLength(30);
    const unassigned = (await t.http.get(`category/${categories.get('Unassigned')}/transactions?pending=2`, user.access)).json().data;
    expect(unassigned.transactionsCount).toBeGreaterThanOrEqual(35);
    expect(unassigned.transactions).toHaveLength(30);
    const logs = await t.http.get('transaction-logs', user.access);
    expect(logs.status).toBe(200);
    expect(logs.json()).toHaveLength(30);
    expect((await t.http.get('transaction-logs?limit=1000', user.access)).json().length).toBeGreaterThan(30);
  });

  test('offsets up to the largest are answered; beyond it, or a bad limit or search, is 422 on the field', async () => {
    const accountId = await openChecking('Offset Bank');
    const far = await t.http.get(`account/${accountId}/transactions?offset=100000000&limit=1000`, user.access);
    expect(far.status, far.body).toBe(200);
    expect(far.json().data.transactions).toEqual([]);
    expect((await t.http.get(`account/${accountId}/transactions?offset=100000000&search=x`, user.access)).status).toBe(200);
    expect((await t.http.get('transaction-logs?offset=100000000', user.access)).json()).toEqual([]);
    for (const [query, field] of [['offset=4294967296', 'offset'], ['limit=1001', 'limit'], ['limit=0', 'limit'], ['search=%00', 'search'], ['offset=-1', 'offset']]) {
      const response = await t.http.get(`account/${accountId}/transactions?${query}`, user.access);
      expect(response.status, query).toBe(422);
      expect(response.json().errors[0].field, query).toBe(field);
    }
    expect((await t.http.get('transaction-logs?offset=4294967296', user.access)).status).toBe(422);
  });

  test('an upper-case transaction id names the same transaction', async () => {
    const accountId = await openChecking('Upper Bank');
    const made = await t.http.post(`account/${accountId}/transactions`, { date: '2025-03-05', name: 'Upper', amount: -1, categories: [] }, user.access);
    const id: string = made.json().transaction.id;
    const read = await t.http.get(`transaction/${id.toUpperCase()}`, user.access);
    expect(read.status, read.body).toBe(200);
    expect(read.json().id).toBe(id);
    expect((await t.http.get(`account/${accountId.toUpperCase()}/transactions`, user.access)).status).toBe(200);
  });

  test('a transaction dated outside 1900–2199 is refused on its date', async () => {
    const accountId = await openChecking('Date Bank');
    const response = await t.http.post(`account/${accountId}/transactions`, { date: '2999-01-01', name: 'Far', amount: -1, categories: [] }, user.access);
    expect(response.status).toBe(422);
    expect(response.json().errors[0].field).toBe('date');
  });
});

describe('statements and balances', () => {
  const openBrokerage = async (): Promise<string> => {
    const made = await t.http.post(
      'institution',
      { institution: { name: 'Broker' }, accounts: [{ name: 'Brokerage', balance: 900, type: 'investment', subtype: 'brokerage', tracking: 'Balances', rate: 0 }], startDate: '2025-03-01' },
      user.access,
    );
    expect(made.status, made.body).toBe(201);
    return made.json().data.accounts[0].id;
  };

  test('a balance entry dated 2999 is refused on its date, so the chart never spans centuries', async () => {
    const accountId = await openBrokerage();
    const refused = await t.http.post(`account/${accountId}/balances`, { date: '2999-01-01', balance: 1 }, user.access);
    expect(refused.status).toBe(422);
    expect(refused.json().errors[0].field).toBe('date');
    const [entry] = (await t.http.get(`account/${accountId}/balances`, user.access)).json();
    expect((await t.http.patch(`account/${accountId}/balances/${entry.id}`, { date: '2999-01-01', balance: 1 }, user.access)).status).toBe(422);
    expect((await t.http.get(`account/${accountId}/balances`, user.access)).json()).toEqual([entry]);
  });

  test("an account that tracks transactions charts its end-of-day balances, counted from its start date", async () => {
    const accountId = await openChecking('Chart Bank', 1000);
    const record = async (date: string, amount: number) =>
      expect((await t.http.post(`account/${accountId}/transactions`, { date, name: 'Row', amount, principle: 0, categories: [] }, user.access)).status).toBe(201);
    // Before the start date (2025-03-01): refused on its date (README "Dates and statements").
    const early = await t.http.post(`account/${accountId}/transactions`, { date: '2025-02-20', name: 'Row', amount: -50, principle: 0, categories: [] }, user.access);
    expect([early.status, early.json().errors[0].field]).toEqual([422, 'date']);
    await record('2025-03-05', -30);
    await record('2025-03-09', -20);
    await record('2025-03-09', -5);
    const chart = (await t.http.get(`account/${accountId}/balances`, user.access)).json();
    expect(chart).toEqual([
      { date: '2025-03-09', balance: 945 },
      { date: '2025-03-05', balance: 970 },
    ]);
    expect(await balanceOf(accountId)).toBe(945);
  });

  test('balances record, change and delete under the account; a row of another account is not found there', async () => {
    const accountId = await openBrokerage();
    const other = await openBrokerage();
    const added = await t.http.post(`account/${accountId}/balances`, { date: '2025-04-01', balance: 950 }, user.access);
    expect(added.status, added.body).toBe(201);
    expect(added.json().data).toMatchObject({ date: '2025-04-01', balance: 950, accountBalance: 950 });
    const id: string = added.json().data.id;
    expect((await t.http.delete(`account/${other}/balances/${id}`, user.access)).status).toBe(404);
    expect((await t.http.delete(`account/${accountId}/balances/${id.toUpperCase()}`, user.access)).status).toBe(204);
    expect((await t.http.get(`account/${accountId}/balances`, user.access)).json()).toHaveLength(1);
  });

  test('a statement period with dates out of range or missing balances is 422, one entry per field', async () => {
    const accountId = await openChecking('Statement Bank');
    const response = await t.http.post(`account/${accountId}/statements`, { startDate: '1800-01-01', endDate: 'x' }, user.access);
    expect(response.status).toBe(422);
    expect(response.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['endDate', 'endingBalance', 'startDate', 'startingBalance']);
    const reconcile = await t.http.patch('statements/00000000-0000-4000-8000-000000000000', { reconcile: 'Some' }, user.access);
    expect(reconcile.status).toBe(422);
    expect(reconcile.json().errors[0]).toMatchObject({ field: 'reconcile', message: 'reconcile must be All or None.' });
  });
});

describe('imports', () => {
  test('an empty OFX body, a bad CSV mapping and a file row dated 2999 are 422 and change nothing', async () => {
    const accountId = await openChecking('Import Bank', 0);
    const send = (payload: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/account/${accountId}/ofx`, payload, headers: { authorization: `Bearer ${user.access}`, 'content-type': 'application/x-ofx' } });
    expect((await send('   ')).statusCode).toBe(422);
    const far = await send(ofxRows(1).replace('20250301', '29990101'));
    expect(far.statusCode).toBe(422);
    expect(JSON.parse(far.body).errors[0].field).toBe('file');
    const csv = await t.http.post(`account/${accountId}/csv`, { text: 'Date,Payee\n03/01/2025,x\n', mapping: { date: 0, payee: 1 } }, user.access);
    expect(csv.status).toBe(422);
    expect(csv.json().errors[0]).toMatchObject({ field: 'mapping.amount', message: 'Choose an amount column, or inflow and outflow columns.' });
    expect((await t.http.get(`account/${accountId}/transactions`, user.access)).json().data.transactionsCount).toBe(0);
  });

  test('a Balances account takes no import: the spec\'s message', async () => {
    const made = await t.http.post(
      'institution',
      { institution: { name: 'B' }, accounts: [{ name: 'Brokerage', balance: 1, type: 'investment', subtype: 'brokerage', tracking: 'Balances' }], startDate: '2025-03-01' },
      user.access,
    );
    const response = await t.http.post(`account/${made.json().data.accounts[0].id}/csv/preview`, { text: 'a,b\n1,2\n' }, user.access);
    expect(response.status).toBe(422);
    expect(response.json().errors[0].message).toBe('account not selected or not tracking transactions');
  });
});
