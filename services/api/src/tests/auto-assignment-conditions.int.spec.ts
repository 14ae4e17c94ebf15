import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * A rule's conditions besides "name contains" (docs/architecture.md §4.5): name equals, amount
 * equals, amount in a range, account — each previewed over the Unassigned rows and applied, the
 * preview counting exactly the rows the apply changes; a file import claimed by an amount-only
 * rule; the 422s (another user's account, bounds crossed, no condition at all) storing nothing;
 * and a rule without conditions answering exactly as before.
 */
let t: ApiTestApp;
let alice: SignedUpUser;
let bob: SignedUpUser;
const cat = new Map<string, string>();
let checking: string;
let savings: string;
let bobs: string;

const call = (user: SignedUpUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
  t.app.inject({ method, url: `/api/v1/${path}`, headers: { authorization: `Bearer ${user.access}` }, ...(body !== undefined && { payload: body as object }) });
const json = <T = any>(response: { body: string }): T => JSON.parse(response.body) as T; // eslint-disable-line @typescript-eslint/no-explicit-any

const ofx = (rows: { fitid: string; amount: string; name: string }[]) => `OFXHEADER:100
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKACCTFROM><ACCTID>9</BANKACCTFROM><BANKTRANLIST>
${rows.map((r, i) => `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>2025030${1 + i}<TRNAMT>${r.amount}<FITID>${r.fitid}<NAME>${r.name}</STMTTRN>`).join('\n')}
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
const importInto = async (account: string, rows: { fitid: string; amount: string; name: string }[]) => {
  const imported = await t.app.inject({ method: 'POST', url: `/api/v1/account/${account}/ofx`, payload: ofx(rows), headers: { authorization: `Bearer ${alice.access}`, 'content-type': 'application/x-ofx' } });
  expect(imported.statusCode, imported.body).toBe(201);
  return json(imported).data as { added: number; unassigned: number };
};
const openAccount = async (user: SignedUpUser, name: string) =>
  json(await call(user, 'POST', 'institution', { institution: { name: `${name} Bank` }, accounts: [{ name, balance: 1000, type: 'depository', subtype: 'checking', tracking: 'Transactions' }], startDate: '2025-03-01' })).data.accounts[0].id as string;

/** The rule's preview query, as the rule editor sends it. */
const previewQuery = (rule: { searchStrings: string[]; categories: unknown[]; nameMatch?: string; amount?: { min: number | null; max: number | null }; accountIds?: string[] }) => {
  const query = new URLSearchParams();
  for (const s of rule.searchStrings.length > 0 ? rule.searchStrings : ['']) query.append('searchStrings', s);
  query.set('categories', JSON.stringify(rule.categories));
  if (rule.nameMatch) query.set('nameMatch', rule.nameMatch);
  if (rule.amount?.min != null) query.set('amountMin', String(rule.amount.min));
  if (rule.amount?.max != null) query.set('amountMax', String(rule.amount.max));
  for (const a of rule.accountIds ?? []) query.append('accountIds', a);
  return query.toString();
};

/** Previews the draft, saves it, applies it: the names it claimed; the preview counted exactly those. */
async function previewThenApply(rule: Parameters<typeof previewQuery>[0] & { name: string }): Promise<string[]> {
  const previewed = await call(alice, 'GET', `auto-assignments/preview?${previewQuery(rule)}`);
  expect(previewed.statusCode, previewed.body).toBe(200);
  const preview = json(previewed).data as { count: number; matches: { transactionId: string; name: string }[] };
  const created = await call(alice, 'POST', 'auto-assignments', rule);
  expect(created.statusCode, created.body).toBe(201);
  const applied = await call(alice, 'POST', `auto-assignments/${json(created).id}/apply`);
  expect(applied.statusCode, applied.body).toBe(200);
  expect(json(applied).data.assigned).toBe(preview.count);
  const changed = await t.db.pool.query<{ id: string }>(
    `SELECT data->>'transactionId' AS id FROM es_events WHERE type = 'TransactionChanged' AND data->'autoAssignment'->>'ruleId' = $1`,
    [json(created).id],
  );
  expect(changed.rows.map((r) => r.id).sort()).toEqual(preview.matches.map((m) => m.transactionId).sort());
  await call(alice, 'DELETE', `auto-assignments/${json(created).id}`);
  return preview.matches.map((m) => m.name).sort();
}

beforeAll(async () => {
  t = await startApiTestApp();
  t.clock.set(new Date('2025-03-14T12:00:00Z'));
  alice = await signUp(t.http, t.mail, 'conditions-alice');
  bob = await signUp(t.http, t.mail, 'conditions-bob');
  for (const c of json(await call(alice, 'GET', 'groups')).data.categories as { id: string; name: string }[]) cat.set(c.name, c.id);
  checking = await openAccount(alice, 'Checking');
  savings = await openAccount(alice, 'Savings');
  bobs = await openAccount(bob, 'Bobs');
  await importInto(checking, [
    { fitid: 'C1', amount: '-3.50', name: 'COFFEE' },
    { fitid: 'C2', amount: '-4.00', name: 'COFFEE SHOP' },
    { fitid: 'C3', amount: '-36.00', name: 'GYM' },
    { fitid: 'C4', amount: '-35.99', name: 'GYM' },
    { fitid: 'C5', amount: '-20.00', name: 'FUEL 1' },
    { fitid: 'C6', amount: '-50.01', name: 'FUEL 2' },
    { fitid: 'C7', amount: '-35.00', name: 'FUEL 3' },
    { fitid: 'C8', amount: '-900.00', name: 'RENT' },
  ]);
  await importInto(savings, [{ fitid: 'S1', amount: '-900.00', name: 'RENT' }]);
});
afterAll(async () => t?.close());

const to = (name: string) => [{ id: -1, categoryId: cat.get(name), amount: 100, percentage: true }];

describe('each condition kind, previewed and applied (preview = apply)', () => {
  test('name equals: the whole name, any case, trimmed — "COFFEE" and not "COFFEE SHOP"', async () => {
    expect(await previewThenApply({ name: 'Coffee', searchStrings: ['coffee'], nameMatch: 'equals', categories: to('Dining Out') })).toEqual(['COFFEE']);
  });

  test('amount equals, with no search string: −36.00 and not −35.99', async () => {
    expect(await previewThenApply({ name: 'Gym', searchStrings: [], amount: { min: -36, max: -36 }, categories: to('Entertainment') })).toEqual(['GYM']);
  });

  test('amount in a range, both ends included, with "name contains"', async () => {
    expect(await previewThenApply({ name: 'Fuel', searchStrings: ['fuel'], amount: { min: -50, max: -20 }, categories: to('Gasoline') })).toEqual(['FUEL 1', 'FUEL 3']);
  });

  test('account: the same name in another account is left alone', async () => {
    const claimed = await previewThenApply({ name: 'Rent', searchStrings: ['rent'], accountIds: [savings], categories: to('Miscellaneous') });
    expect(claimed).toEqual(['RENT']);
    const left = await t.db.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM ledger_transactions WHERE account_id = $1 AND name = 'RENT' AND splits->0->>'categoryId' = $2`,
      [checking, cat.get('Unassigned')],
    );
    expect(Number(left.rows[0]!.n)).toBe(1);
  });
});

describe('the conditions on the wire', () => {
  test('the answer carries the conditions set, and a rule without them answers as the spec client reads it', async () => {
    const withConditions = await call(alice, 'POST', 'auto-assignments', { name: 'Range', searchStrings: ['x'], nameMatch: 'equals', amount: { min: -50, max: null }, accountIds: [checking], categories: [] });
    expect(withConditions.statusCode, withConditions.body).toBe(201);
    expect(json(withConditions)).toMatchObject({ nameMatch: 'equals', amount: { min: -50, max: null }, accountIds: [checking] });
    const listed = (json(await call(alice, 'GET', 'auto-assignments')) as { id: string }[]).find((r) => r.id === json(withConditions).id);
    expect(listed).toMatchObject({ nameMatch: 'equals', amount: { min: -50, max: null }, accountIds: [checking] });
    const plain = await call(alice, 'POST', 'auto-assignments', { name: 'Plain', searchStrings: ['plain'], categories: [] });
    expect(Object.keys(json(plain)).sort()).toEqual(['categories', 'id', 'name', 'searchStrings']);
    // PATCH to the same conditions records nothing; dropping them makes it plain again.
    const body = { name: 'Range', searchStrings: ['x'], nameMatch: 'equals', amount: { min: -50, max: null }, accountIds: [checking], categories: [] };
    const count = async () => Number((await t.db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM es_events WHERE type = 'AutoAssignmentChanged' AND data->>'ruleId' = $1`, [json(withConditions).id])).rows[0]!.n);
    expect((await call(alice, 'PATCH', `auto-assignments/${json(withConditions).id}`, body)).statusCode).toBe(200);
    expect(await count()).toBe(0);
    const dropped = await call(alice, 'PATCH', `auto-assignments/${json(withConditions).id}`, { name: 'Range', searchStrings: ['x'], categories: [] });
    expect(Object.keys(json(dropped)).sort()).toEqual(['categories', 'id', 'name', 'searchStrings']);
    for (const id of [json(withConditions).id, json(plain).id]) await call(alice, 'DELETE', `auto-assignments/${id}`);
  });

  test("another user's account, crossed bounds, or no condition at all: a 422 on the field, nothing stored", async () => {
    const events = async () => Number((await t.db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM es_events WHERE stream_id LIKE 'rules-%'`)).rows[0]!.n);
    const before = await events();
    const cases: [unknown, string][] = [
      [{ name: 'X', searchStrings: ['x'], accountIds: [bobs], categories: [] }, 'accountIds.0'],
      [{ name: 'X', searchStrings: [], amount: { min: -10, max: -20 }, categories: [] }, 'amount'],
      [{ name: 'X', searchStrings: [], amount: { min: null, max: null }, categories: [] }, 'searchStrings'],
      [{ name: 'X', searchStrings: ['x'], nameMatch: 'starts', categories: [] }, 'nameMatch'],
      [{ name: 'X', searchStrings: ['x'], amount: { min: '1.001' }, categories: [] }, 'amount.min'],
    ];
    for (const [body, field] of cases) {
      const refused = await call(alice, 'POST', 'auto-assignments', body);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(json(refused).errors).toEqual([expect.objectContaining({ field })]);
    }
    const preview = await call(alice, 'GET', `auto-assignments/preview?searchStrings=&accountIds=${bobs}&categories=%5B%5D`);
    expect(preview.statusCode, preview.body).toBe(422);
    expect(json(preview).errors).toEqual([expect.objectContaining({ field: 'accountIds.0' })]);
    expect(await events()).toBe(before);
  });
});

describe('an import claimed by a rule with conditions', () => {
  test('an amount-only rule assigns the OFX row of that amount, the log naming the amount it matched', async () => {
    const rule = json(await call(alice, 'POST', 'auto-assignments', { name: 'Streaming', searchStrings: [], amount: { min: -15.99, max: -15.99 }, accountIds: [savings], categories: to('Entertainment') }));
    const result = await importInto(savings, [{ fitid: 'S2', amount: '-15.99', name: 'NETFLIX.COM' }, { fitid: 'S3', amount: '-15.98', name: 'NETFLIX.COM' }]);
    expect(result).toMatchObject({ added: 2, unassigned: 1 });
    const logs = json(await call(alice, 'GET', 'transaction-logs')) as { message: string; actor: string }[];
    expect(logs.find((l) => l.actor === `rule:${rule.id}`)?.message).toBe('Rule "Streaming" (matched "amount -15.99") assigned "NETFLIX.COM" -15.99 to Entertainment from the OFX import');
    await call(alice, 'DELETE', `auto-assignments/${rule.id}`);
  });
});
