import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/** OFX and CSV imports through the API: the API's edge rules on imported rows, delimiters, exactly once. */
let t: ApiTestApp;
let user: SignedUpUser;

beforeAll(async () => {
  t = await startApiTestApp();
  user = await signUp(t.http, t.mail, 'import-pipeline');
});
afterAll(async () => t.close());

const openChecking = async (name: string): Promise<string> => {
  const made = await t.http.post(
    'institution',
    { institution: { name }, accounts: [{ name: 'Checking', balance: 0, type: 'depository', subtype: 'checking', tracking: 'Transactions' }], startDate: '2025-03-01' },
    user.access,
  );
  expect(made.status, made.body).toBe(201);
  return made.json().data.accounts[0].id;
};

const ofx = (rows: { fitid: string; name: string; amount?: string }[]) => `OFXHEADER:100
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKACCTFROM><ACCTID>9</BANKACCTFROM><BANKTRANLIST>
${rows.map((r) => `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20250305<TRNAMT>${r.amount ?? '-1.00'}<FITID>${r.fitid}<NAME>${r.name}</STMTTRN>`).join('\n')}
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

const sendOfx = (accountId: string, payload: string, key?: string) =>
  t.app.inject({
    method: 'POST', url: `/api/v1/account/${accountId}/ofx`, payload,
    headers: { authorization: `Bearer ${user.access}`, 'content-type': 'application/x-ofx', ...(key && { 'idempotency-key': key }) },
  });

const importedNames = async (accountId: string): Promise<string[]> => {
  const register = (await t.http.get(`account/${accountId}/transactions?offset=0&limit=1000`, user.access)).json().data;
  return (register.transactions as { accountTransaction?: { name: string } | null }[]).flatMap((row) => (row.accountTransaction ? [row.accountTransaction.name] : []));
};

describe('the API edge rules on imported rows', () => {
  test('an OFX row whose name is 200,000 characters is stored and served with the 500 a typed name may have, and the answer says so', async () => {
    const accountId = await openChecking('Long Names Bank');
    const answer = await sendOfx(accountId, ofx([{ fitid: 'L1', name: 'N'.repeat(200_000) }, { fitid: 'L2', name: 'SHORT' }]));
    expect(answer.statusCode, answer.body).toBe(201);
    expect(JSON.parse(answer.body).data).toMatchObject({ added: 2, notes: ['1 name was longer than 500 characters and cut to 500.'] });
    expect((await importedNames(accountId)).map((name) => name.length).sort((a, b) => a - b)).toEqual([5, 500]);
  });
});

describe('CSV files with semicolons and decimal commas', () => {
  const text = 'Datum;Beschreibung;Betrag\n05.03.2025;"Café; klein";-4,75\n06.03.2025;Miete;-1.234,50\n';

  test('the preview detects the semicolon and suggests the decimal comma; the import reads the amounts only when told', async () => {
    const accountId = await openChecking('Semicolon Bank');
    const preview = (await t.http.post(`account/${accountId}/csv/preview`, { text }, user.access)).json().data;
    expect(preview).toMatchObject({ delimiter: ';', decimalSeparator: ',', header: ['Datum', 'Beschreibung', 'Betrag'], rowCount: 2, mapping: { date: 0, payee: 1, amount: 2 } });

    const mapping = { date: 0, payee: 1, amount: 2, dateFormat: 'DD/MM/YYYY', delimiter: ';' };
    const point = await t.http.post(`account/${accountId}/csv`, { text, mapping }, user.access);
    expect(point.status).toBe(422);
    expect(point.json().errors[0]).toMatchObject({ field: 'file', message: 'Row 2: "-4,75" is not an amount like -1,234.56.' });

    const comma = await t.http.post(`account/${accountId}/csv`, { text, mapping: { ...mapping, decimalSeparator: ',' } }, user.access);
    expect(comma.status, comma.body).toBe(201);
    expect(comma.json().data).toMatchObject({ added: 2, balance: -1239.25, notes: [] });
  });
});

describe('exactly once by construction', () => {
  test('the same file uploaded three times at once (three keys) stores each row once', async () => {
    const accountId = await openChecking('Race Bank');
    const file = ofx(Array.from({ length: 25 }, (_, i) => ({ fitid: `R${i}`, name: `ROW ${i}` })));
    const answers = await Promise.all(['k1', 'k2', 'k3'].map((key) => sendOfx(accountId, file, `race-${key}-${accountId}`)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const data = answers.map((a) => JSON.parse(a.body).data as { added: number; unchanged: number; balance: number });
    expect(data.map((d) => d.added).sort((a, b) => a - b)).toEqual([0, 0, 25]);
    expect(data.map((d) => d.balance)).toEqual([-25, -25, -25]);
    expect(await importedNames(accountId)).toHaveLength(25);
  });
});
