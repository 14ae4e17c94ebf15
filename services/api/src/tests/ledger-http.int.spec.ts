import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

let t: ApiTestApp;
let user: SignedUpUser;
let categories: Map<string, string>;

beforeAll(async () => {
  t = await startApiTestApp();
  user = await signUp(t.http, t.mail, 'ledger');
  const groups = (await t.http.get('groups', user.access)).json().data.categories as { id: string; name: string }[];
  categories = new Map(groups.map((c) => [c.name, c.id]));
});
afterAll(async () => t.close());

const balanceOf = async (name: string) => {
  const all = (await t.http.get('groups', user.access)).json().data.categories as { id: string; balance: number }[];
  return all.find((c) => c.id === categories.get(name))!.balance;
};

const ofx = (fitid: string, amount: string, ledger: string) => `OFXHEADER:100

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKACCTFROM><ACCTID>77</BANKACCTFROM><BANKTRANLIST>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20250306<TRNAMT>${amount}<FITID>${fitid}<NAME>GROCER</STMTTRN>
</BANKTRANLIST><LEDGERBAL><BALAMT>${ledger}<DTASOF>20250310</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

describe('ledger over HTTP', () => {
  let accountId: string;
  let transactionId: string;

  test('an offline institution with a checking account at 1,250.00 puts 1,250.00 in the Funding Pool', async () => {
    const response = await t.http.post(
      'institution',
      { institution: { name: 'First Bank' }, accounts: [{ name: 'Checking', balance: 1250, type: 'depository', subtype: 'checking', tracking: 'Transactions' }], startDate: '2025-03-01' },
      user.access,
    );
    expect(response.status).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({ name: 'First Bank', plaidInstitutionId: null, accounts: [{ name: 'Checking', balance: 1250 }] });
    expect(data.categories).toEqual([{ id: categories.get('Funding Pool'), balance: 1250 }]);
    accountId = data.accounts[0].id;
    expect(await balanceOf('Funding Pool')).toBe(1250);
  });

  test('refuses an account without a name and changes nothing', async () => {
    const response = await t.http.post('institution', { institution: { name: 'X' }, accounts: [{ balance: 5 }], startDate: '2025-03-01' }, user.access);
    expect(response.status).toBe(422);
    expect(response.json().errors[0]).toMatchObject({ field: 'accounts.0.name', message: 'Account name is required' });
    expect((await t.http.get('connected-accounts', user.access)).json().data).toHaveLength(1);
  });

  test('a tracking that is not one of the three is refused with the reason', async () => {
    const response = await t.http.patch(`account/${accountId}`, { tracking: 'None' }, user.access);
    expect(response.status).toBe(422);
    expect(response.json().errors[0]).toMatchObject({ field: 'tracking', message: 'The tracking must be Transactions, Uncategorized Transactions or Balances.' });
  });

  test('a split manual transaction answers the new balances', async () => {
    const response = await t.http.post(
      `account/${accountId}/transactions`,
      { date: '2025-03-05', name: 'Market', amount: -45.67, categories: [{ categoryId: categories.get('Groceries'), amount: -30 }, { categoryId: categories.get('Dining Out'), amount: -15.67 }] },
      user.access,
    );
    expect(response.status).toBe(201);
    const body = response.json();
    transactionId = body.transaction.id;
    expect(body.acctBalances).toEqual([{ id: accountId, balance: 1204.33 }]);
    expect(body.categories).toEqual(expect.arrayContaining([{ id: categories.get('Groceries'), balance: -30 }, { id: categories.get('Dining Out'), balance: -15.67 }]));
    expect(body.transaction).toMatchObject({ type: 5, version: 0, accountTransaction: { name: 'Market', amount: -45.67, account: { id: accountId, institution: { name: 'First Bank' } } } });
  });

  test('splits that do not add up are refused with the spec message', async () => {
    const response = await t.http.post(
      `account/${accountId}/transactions`,
      { date: '2025-03-05', name: 'Bad', amount: -10, categories: [{ categoryId: categories.get('Groceries'), amount: -9 }] },
      user.access,
    );
    expect(response.status).toBe(422);
    expect(response.json().errors[0].message).toBe('The sum of the categories does not match the transaction amount.');
  });

  test('PATCH with the version edits; a stale version is 409 INCORRECT_VERSION', async () => {
    const ok = await t.http.patch(`transaction/${transactionId}`, { version: 0, categories: [{ categoryId: categories.get('Groceries'), amount: -45.67 }] }, user.access);
    expect(ok.status).toBe(200);
    expect(ok.json().data.categories).toEqual(expect.arrayContaining([{ id: categories.get('Dining Out'), balance: 0, count: 0 }, { id: categories.get('Groceries'), balance: -45.67, count: 1 }]));
    const stale = await t.http.patch(`transaction/${transactionId}`, { version: 0, comment: 'late' }, user.access);
    expect(stale.status).toBe(409);
    expect(stale.json().errors[0].code).toBe('INCORRECT_VERSION');
  });

  test('registers page newest first with a running balance and a count', async () => {
    const register = (await t.http.get(`account/${accountId}/transactions?offset=0&limit=30`, user.access)).json().data;
    expect(register).toMatchObject({ balance: 1204.33, transactionsCount: 1 });
    expect(register.transactions[0]).toMatchObject({ id: transactionId, runningBalance: 1204.33 });
    const category = (await t.http.get(`category/${categories.get('Groceries')}/transactions?offset=0&limit=30&pending=2`, user.access)).json().data;
    expect(category).toMatchObject({ balance: -45.67, transactionsCount: 1 });
  });

  test('a statement reconciles the row through the versioned PATCH', async () => {
    const statement = (await t.http.post(`account/${accountId}/statements`, { startDate: '2025-04-01', endDate: '2025-04-30', startingBalance: 0, endingBalance: 0 }, user.access)).json();
    const patched = await t.http.patch(`transaction/${transactionId}`, { version: 1, statementId: statement.id }, user.access);
    expect(patched.status).toBe(200);
    expect(patched.json().data.statement).toMatchObject({ id: statement.id, debits: -45.67, credits: 0 });
    expect(patched.json().data.transaction.accountTransaction.statementId).toBe(statement.id);
  });

  test('OFX import adds new rows to Unassigned once, and reports a ledger balance that differs', async () => {
    const send = (text: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/account/${accountId}/ofx`, headers: { authorization: `Bearer ${user.access}`, 'content-type': 'application/x-ofx' }, payload: text });
    const first = await send(ofx('F1', '-12.00', '1192.33'));
    expect(first.statusCode).toBe(201);
    expect(JSON.parse(first.body).data).toMatchObject({ added: 1, balance: 1192.33, fileBalance: 1192.33, balanceMatches: true });
    const again = JSON.parse((await send(ofx('F1', '-12.00', '1000.00'))).body).data;
    expect(again).toMatchObject({ added: 0, unchanged: 1, balance: 1192.33, fileBalance: 1000, balanceMatches: false });
    expect(await balanceOf('Unassigned')).toBe(-12);
    const broken = await send('<OFX><BANKMSGSRSV1></BANKMSGSRSV1></OFX>');
    expect(broken.statusCode).toBe(422);
    expect(JSON.parse(broken.body).errors[0].message).toBe('The file holds no bank or credit-card statement.');
  });

  test('CSV preview suggests a mapping; import de-duplicates a second upload', async () => {
    const text = 'Date,Payee,Amount\n03/07/2025,Bakery,-3.50\n03/08/2025,Refund,10.00\n';
    const preview = (await t.http.post(`account/${accountId}/csv/preview`, { text }, user.access)).json().data;
    expect(preview.mapping).toEqual({ date: 0, payee: 1, amount: 2 });
    const mapping = { ...preview.mapping, dateFormat: 'MM/DD/YYYY', hasHeader: true };
    expect((await t.http.post(`account/${accountId}/csv`, { text, mapping }, user.access)).json().data.added).toBe(2);
    expect((await t.http.post(`account/${accountId}/csv`, { text, mapping }, user.access)).json().data).toMatchObject({ added: 0, unchanged: 2, balance: 1198.83 });
  });

  test('delete reverses; deleting again is harmless; the log tells the story', async () => {
    expect((await t.http.delete(`transaction/${transactionId}`, user.access)).json().data.acctBalances).toEqual([{ id: accountId, balance: 1244.5 }]);
    expect((await t.http.delete(`transaction/${transactionId}`, user.access)).status).toBe(200);
    expect(await balanceOf('Groceries')).toBe(0);
    const logs = (await t.http.get('transaction-logs', user.access)).json() as { message: string; transactionId: string }[];
    const mine = logs.filter((l) => l.transactionId === transactionId).map((l) => l.message);
    expect(mine).toEqual([
      'You deleted "Market" -45.67 (Food:Groceries)',
      'You reconciled it with a statement on "Market"',
      'You moved the money from Food:Groceries -30.00, Food:Dining Out -15.67 to Food:Groceries on "Market"',
      'You added "Market" -45.67 to Food:Groceries -30.00, Food:Dining Out -15.67',
    ]);
  });
});

/**
 * The bodies the spec's own client sends (product-spec §7), exactly, for the calls it used to be
 * refused on: balance rows as `{date, amount}`, Account Settings as `{startDate, tracking}` with the
 * tracking unchanged or changed, and an offline loan added with the tracking its dialog defaults to
 * (or none at all).
 */
const accountOf = async (id: string) => {
  const institutions = (await t.http.get('connected-accounts', user.access)).json().data as { accounts: { id: string; balance: number; tracking: string; startDate: string }[] }[];
  return institutions.flatMap((i) => i.accounts).find((a) => a.id === id)!;
};
const openInstitution = async (name: string, account: Record<string, unknown>, startDate = '2025-03-01') => {
  const response = await t.http.post('institution', { institution: { name }, accounts: [account], startDate }, user.access);
  expect(response.status, response.body).toBe(201);
  const data = response.json().data as { id: string; accounts: { id: string }[] };
  return { institutionId: data.id, accountId: data.accounts[0]!.id };
};

describe("the spec client's exact bodies", () => {
  test('POST /account/{id}/balances {date, amount} and PATCH /account/{id}/balances/{balanceId} {date, amount}', async () => {
    const { accountId } = await openInstitution('Broker', { name: 'Brokerage', balance: 9000, type: 'investment', subtype: 'brokerage', tracking: 'Balances', rate: 0 });
    const posted = await t.http.post(`account/${accountId}/balances`, { date: '2025-03-20', amount: 9150.25 }, user.access);
    expect(posted.status, posted.body).toBe(201);
    expect(posted.json().data).toMatchObject({ date: '2025-03-20', balance: 9150.25, accountBalance: 9150.25 });
    const balanceId = posted.json().data.id as string;

    const patched = await t.http.patch(`account/${accountId}/balances/${balanceId}`, { date: '2025-03-21', amount: 9200 }, user.access);
    expect(patched.status, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ id: balanceId, accountId, date: '2025-03-21', balance: 9200 });
    expect((await accountOf(accountId)).balance).toBe(9200);

    // This API's first field name is still taken; a body with neither names `amount`.
    const legacy = await t.http.post(`account/${accountId}/balances`, { date: '2025-03-22', balance: 9300 }, user.access);
    expect(legacy.status, legacy.body).toBe(201);
    const missing = await t.http.post(`account/${accountId}/balances`, { date: '2025-03-23' }, user.access);
    expect(missing.status).toBe(422);
    expect(missing.json().errors[0]).toMatchObject({ field: 'amount', message: 'An amount must be provided.' });
  });

  test('PATCH /account/{id} {startDate, tracking} with the tracking unchanged moves the start date', async () => {
    const { accountId } = await openInstitution('Savings Bank', { name: 'Savings', balance: 2000, type: 'depository', subtype: 'savings', tracking: 'Transactions', rate: 0 });
    const response = await t.http.patch(`account/${accountId}`, { startDate: '2025-02-01', tracking: 'Transactions' }, user.access);
    expect(response.status, response.body).toBe(200);
    expect(response.json().data.account).toMatchObject({ id: accountId, tracking: 'Transactions', startDate: expect.stringMatching(/^2025-02-01/), balance: 2000 });
    expect((await accountOf(accountId)).startDate).toMatch(/^2025-02-01/);
  });

  test('PATCH /account/{id} {startDate, tracking} with another tracking takes the account out of the budget, and back', async () => {
    const pool = await balanceOf('Funding Pool');
    const { accountId } = await openInstitution('Card Bank', { name: 'Card', balance: 300, type: 'depository', subtype: 'checking', tracking: 'Transactions', rate: 0 });
    expect(await balanceOf('Funding Pool')).toBe(pool + 300);
    const out = await t.http.patch(`account/${accountId}`, { startDate: '2025-03-01', tracking: 'Uncategorized Transactions' }, user.access);
    expect(out.status, out.body).toBe(200);
    expect(out.json().data.account).toMatchObject({ tracking: 'Uncategorized Transactions', balance: 300 });
    expect(out.json().data.categories).toEqual([{ id: categories.get('Funding Pool'), balance: pool }]);
    const back = await t.http.patch(`account/${accountId}`, { startDate: '2025-03-01', tracking: 'Transactions' }, user.access);
    expect(back.status, back.body).toBe(200);
    expect(back.json().data.categories).toEqual([{ id: categories.get('Funding Pool'), balance: pool + 300 }]);
    const bad = await t.http.patch(`account/${accountId}`, { startDate: '2025-03-01', tracking: 'None' }, user.access);
    expect(bad.status).toBe(422);
    expect(bad.json().errors[0]).toMatchObject({ field: 'tracking' });
    expect((await accountOf(accountId)).tracking).toBe('Transactions');
  });

  test("a car loan added with the dialog's default tracking, or none, leaves the Funding Pool untouched", async () => {
    const pool = await balanceOf('Funding Pool');
    const { institutionId } = await openInstitution('Auto Lender', { name: 'Car Loan', balance: -12000, type: 'loan', subtype: 'auto', tracking: 'Uncategorized Transactions', rate: 5.25 });
    expect(await balanceOf('Funding Pool')).toBe(pool);
    const added = await t.http.post(
      `institution/${institutionId}/accounts`,
      { name: 'Second Car', balance: -8000, type: 'loan', subtype: 'auto', rate: 4.5, startDate: '2025-03-01' },
      user.access,
    );
    expect(added.status, added.body).toBe(201);
    expect(added.json().data.account).toMatchObject({ tracking: 'Uncategorized Transactions', balance: -8000 });
    expect(await balanceOf('Funding Pool')).toBe(pool);
    const types = (await t.http.get('account-types', user.access)).json().data;
    expect(types.defaultTracking).toMatchObject({ loan: 'Uncategorized Transactions', investment: 'Balances', depository: 'Transactions' });
  });
});
