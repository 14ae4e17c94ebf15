import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { rebuildReadModels } from '@budget/platform';
import { readModelProjections } from '../read-model-projections.js';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * Sums are bounded, not only amounts: no write takes an account or a category past the largest
 * balance (MAX_BALANCE_CENTS, ±100,000,000,000.00); it is refused with a 422 before anything is
 * appended, in both projection modes, and a balance beyond 2^53 cents stored anyway still reads.
 */
const LIMIT_MESSAGE = /beyond 100,000,000,000\.00 either way, the largest balance the product keeps/;

const ofx = (rows: { fitid: string; amount: string }[]) => `OFXHEADER:100
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKACCTFROM><ACCTID>9</BANKACCTFROM><BANKTRANLIST>
${rows.map((r, i) => `<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>2025030${1 + i}<TRNAMT>${r.amount}<FITID>${r.fitid}<NAME>ROW ${r.fitid}</STMTTRN>`).join('\n')}
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

describe.each(['inline', 'async'] as const)('the balance bound, %s projection', (mode) => {
  let t: ApiTestApp;
  let user: SignedUpUser;
  let categories: Map<string, string>;

  beforeAll(async () => {
    t = await startApiTestApp(mode === 'async' ? { PROJECTION: 'async' } : {});
    user = await signUp(t.http, t.mail, `bound-${mode}`);
    const tree = (await t.http.get('groups', user.access)).json().data.categories as { id: string; name: string }[];
    categories = new Map(tree.map((c) => [c.name, c.id]));
  });
  afterAll(async () => t?.close());

  const events = async () => Number((await t.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events')).rows[0]!.n);
  const register = async (accountId: string) => (await t.http.get(`account/${accountId}/transactions`, user.access)).json().data;
  const openNearTheBound = async (name: string): Promise<string> => {
    const made = await t.http.post(
      'institution',
      { institution: { name }, accounts: [{ name: 'Checking', balance: 99_999_999_999, type: 'depository', subtype: 'checking', tracking: 'Transactions' }], startDate: '2025-03-01' },
      user.access,
    );
    expect(made.status, made.body).toBe(201);
    return made.json().data.accounts[0].id;
  };
  const importOfx = (accountId: string, payload: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/account/${accountId}/ofx`, payload, headers: { authorization: `Bearer ${user.access}`, 'content-type': 'application/x-ofx' } });

  test('an import that would take the account past the bound is refused whole: 422 on the file, nothing appended', async () => {
    const accountId = await openNearTheBound('Import Bank');
    const before = { events: await events(), register: await register(accountId) };

    // 0.50 alone would fit; with 0.60 more the balance would be 100,000,000,000.10.
    const refused = await importOfx(accountId, ofx([{ fitid: 'A', amount: '0.50' }, { fitid: 'B', amount: '0.60' }]));
    expect(refused.statusCode, refused.body).toBe(422);
    const body = JSON.parse(refused.body) as { errors: { field: string; message: string; code: string }[] };
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatchObject({ field: 'file', code: 'balance-limit' });
    expect(body.errors[0]!.message).toMatch(LIMIT_MESSAGE);
    expect(body.errors[0]!.message).toContain('"Checking"');
    expect(await events()).toBe(before.events);
    expect(await register(accountId)).toEqual(before.register);

    // Up to the bound exactly is fine, and the projector (async) was never stopped: the next write is answered in full.
    const fits = await importOfx(accountId, ofx([{ fitid: 'A', amount: '0.50' }, { fitid: 'B', amount: '0.50' }]));
    expect(fits.statusCode, fits.body).toBe(201);
    expect(JSON.parse(fits.body).data).toMatchObject({ added: 2, balance: 100_000_000_000 });
    expect((await register(accountId)).balance).toBe(100_000_000_000);
  });

  test('a manual transaction, an edit and a funding past the bound are refused on their field; nothing appended', async () => {
    const accountId = await openNearTheBound('Manual Bank');
    const groceries = categories.get('Groceries')!;
    const start = await events();
    const over = await t.http.post(`account/${accountId}/transactions`, { date: '2025-03-05', name: 'Too much', amount: 1.01, categories: [{ categoryId: groceries, amount: 1.01 }] }, user.access);
    expect(over.status, over.body).toBe(422);
    expect(over.json().errors[0]).toMatchObject({ field: 'amount', code: 'balance-limit' });
    expect(await events()).toBe(start);

    const fits = await t.http.post(`account/${accountId}/transactions`, { date: '2025-03-05', name: 'Fits', amount: 1, categories: [{ categoryId: groceries, amount: 1 }] }, user.access);
    expect(fits.status, fits.body).toBe(201);
    const { id, version } = fits.json().transaction as { id: string; version: number };
    const afterFits = await events();
    const edit = await t.http.patch(`transaction/${id}`, { version, amount: 1.01, categories: [{ categoryId: groceries, amount: 1.01 }] }, user.access);
    expect(edit.status, edit.body).toBe(422);
    expect(edit.json().errors[0]).toMatchObject({ field: 'amount', code: 'balance-limit' });
    // Back towards zero is always allowed.
    expect((await t.http.patch(`transaction/${id}`, { version, amount: 0.5, categories: [{ categoryId: groceries, amount: 0.5 }] }, user.access)).status).toBe(200);
    expect(await events()).toBe(afterFits + 1);

    const pool = categories.get('Funding Pool')!;
    const funding = await t.http.post(
      'category-transfer',
      { type: 2, date: '2025-03-06', categories: [{ categoryId: groceries, amount: 200_000_000_000, baseAmount: 200_000_000_000 }, { categoryId: pool, amount: -200_000_000_000, funder: true }] },
      user.access,
    );
    expect(funding.status, funding.body).toBe(422);
    expect(funding.json().errors[0]).toMatchObject({ field: 'categories', code: 'balance-limit' });
    expect(await events()).toBe(afterFits + 1);
  });

  test("a rule's apply-to-existing that would take a category past the bound is refused with a 422; nothing appended", async () => {
    const accountId = await openNearTheBound('Rule Bank');
    const dining = categories.get('Dining Out')!;
    // Dining Out at the bound exactly, then one Unassigned row of 1.00 a rule would move into it.
    const full = await t.http.post(`account/${accountId}/transactions`, { date: '2025-03-05', name: 'Feast', amount: 1, categories: [{ categoryId: dining, amount: 1 }] }, user.access);
    expect(full.status, full.body).toBe(201);
    const topUp = await t.http.post(
      'category-transfer',
      { type: 3, date: '2025-03-05', categories: [{ categoryId: dining, amount: 99_999_999_999 }, { categoryId: categories.get('Funding Pool')!, amount: -99_999_999_999 }] },
      user.access,
    );
    expect(topUp.status, topUp.body).toBe(201);
    const other = await t.http.post(
      'institution',
      { institution: { name: 'Rule Bank 2' }, accounts: [{ name: 'Cash', balance: 0, type: 'depository', subtype: 'checking', tracking: 'Transactions' }], startDate: '2025-03-01' },
      user.access,
    );
    const cash = other.json().data.accounts[0].id as string;
    expect((await importOfx(cash, ofx([{ fitid: 'R1', amount: '1.00' }]))).statusCode).toBe(201);
    const rule = await t.http.post('auto-assignments', { name: 'Row R1', searchStrings: ['ROW R1'], categories: [{ categoryId: dining, amount: 100, percentage: true }] }, user.access);
    expect(rule.status, rule.body).toBe(201);
    const before = await events();

    const applied = await t.http.post(`auto-assignments/${rule.json().id}/apply`, {}, user.access);
    expect(applied.status, applied.body).toBe(422);
    expect(applied.json().errors[0]).toMatchObject({ code: 'balance-limit' });
    expect(applied.json().errors[0].message).toMatch(LIMIT_MESSAGE);
    expect(await events()).toBe(before);
  });

  test('credits one day and debits the next (every balance in bounds) stop at the turnover bound; the flows, running balances and reports read exact, and equal a rebuild', async () => {
    // A user of its own: the turnover is the user's, and the other tests' users moved money already.
    const churner = await signUp(t.http, t.mail, `churn-${mode}`);
    const made = await t.http.post(
      'institution',
      { institution: { name: 'Turnover Bank' }, accounts: [{ name: 'Churn', balance: 0, type: 'depository', subtype: 'checking', tracking: 'Transactions' }], startDate: '2025-03-01' },
      churner.access,
    );
    expect(made.status, made.body).toBe(201);
    const accountId = made.json().data.accounts[0].id as string;
    // 50 credits of 100,000,000,000.00 on the 10th, 50 debits on the 11th: the balance ends at 0,
    // the file moves 10^15 cents (its rows) + 10^15 (their Unassigned splits) = 2 × 10^15 of turnover.
    const file = (k: number) => `OFXHEADER:100
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKACCTFROM><ACCTID>9</BANKACCTFROM><BANKTRANLIST>
${Array.from({ length: 100 }, (_, r) => `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${r % 2 === 0 ? '20250310' : '20250311'}<TRNAMT>${r % 2 === 0 ? '' : '-'}100000000000.00<FITID>T${k}-${r}<NAME>CHURN ${k}</STMTTRN>`).join('\n')}
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    const send = (payload: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/account/${accountId}/ofx`, payload, headers: { authorization: `Bearer ${churner.access}`, 'content-type': 'application/x-ofx' } });
    expect((await send(file(1))).statusCode).toBe(201);
    expect((await send(file(2))).statusCode).toBe(201);
    const before = await events();
    const refused = await send(file(3));
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({ field: 'file', code: 'balance-limit' });
    expect(refused.json().errors[0].message).toContain('past what the product can add up exactly');
    expect(await events()).toBe(before);

    // Each day moved 100 × 10^13 cents = 10^15: exact (a bigint says so), in the register and the reports.
    const flow = Number(100n * 10n ** 13n) / 100;
    const read = async () => {
      const page = (await t.http.get(`account/${accountId}/transactions?offset=0&limit=1000`, churner.access)).json().data;
      const rows = page.transactions as { date: string; runningBalance: number }[];
      expect(rows.length).toBeGreaterThanOrEqual(200);
      return {
        balance: page.balance,
        // The running balance at the last row of the 10th: every credit, no debit yet.
        peak: Math.max(...rows.map((r) => r.runningBalance)),
        income: (await t.http.get('reports/income-vs-expenses?startDate=2025-03-01&endDate=2025-03-31', churner.access)).json(),
        networth: (await t.http.get('reports/networth?startDate=2025-03-09&endDate=2025-03-12', churner.access)).json(),
      };
    };
    const live = await read();
    expect(live.balance).toBe(0);
    expect(live.peak).toBe(flow);
    // Income vs expenses: the month's credits and debits, to the cent, and a net of exactly 0.
    expect((live.income as [string, number, number, number][]).find((row) => row[0] === '2025-03')).toEqual(['2025-03', flow, -flow, 0]);
    await t.pauseProjector();
    try {
      await rebuildReadModels({ pool: t.db.pool, store: t.store, projections: readModelProjections });
    } finally {
      await t.resumeProjector();
    }
    expect(await read()).toEqual(live);
  }, 120_000);

  test('a balance stored beyond 2^53 cents (before the bound) reads instead of failing with a 500', async () => {
    const accountId = await openNearTheBound('Legacy Bank');
    await t.db.pool.query('UPDATE ledger_accounts SET balance_cents = $2 WHERE id = $1', [accountId, (2n ** 60n).toString()]);
    const response = await t.http.get(`account/${accountId}/transactions`, user.access);
    expect(response.status, response.body).toBe(200);
    expect(response.json().data.balance).toBe(Number(2n ** 60n) / 100);
  });
});
