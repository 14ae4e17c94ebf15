import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * The register's review state and bulk actions through the API (docs/architecture.md §4.6): rows an
 * OFX import brings in are new (count, `new=1`), `POST /transactions/bulk` categorises, reviews and
 * deletes many rows as one write, a retry under the same Idempotency-Key appends nothing, another
 * user's id is 404 and changes nothing, and bad bodies are the spec's 422 error list.
 */
let t: ApiTestApp;
let alice: SignedUpUser;
let bob: SignedUpUser;
let groceries: string;

beforeAll(async () => {
  t = await startApiTestApp();
  alice = await signUp(t.http, t.mail, 'bulk-alice');
  bob = await signUp(t.http, t.mail, 'bulk-bob');
  const groups = (await t.http.get('groups', alice.access)).json().data.categories as { id: string; name: string }[];
  groceries = groups.find((c) => c.name === 'Groceries')!.id;
});
afterAll(async () => t.close());

const openChecking = async (user: SignedUpUser, name: string): Promise<string> => {
  const made = await t.http.post(
    'institution',
    { institution: { name }, accounts: [{ name: 'Checking', balance: 0, type: 'depository', subtype: 'checking', tracking: 'Transactions' }], startDate: '2025-03-01' },
    user.access,
  );
  expect(made.status, made.body).toBe(201);
  return made.json().data.accounts[0].id;
};

const ofx = (rows: { fitid: string; name: string; amount: string }[]) => `OFXHEADER:100
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKACCTFROM><ACCTID>9</BANKACCTFROM><BANKTRANLIST>
${rows.map((r) => `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20250305<TRNAMT>${r.amount}<FITID>${r.fitid}<NAME>${r.name}</STMTTRN>`).join('\n')}
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

const importRows = async (user: SignedUpUser, accountId: string, count: number) => {
  const rows = Array.from({ length: count }, (_, i) => ({ fitid: `F${i}`, name: `SHOP ${i}`, amount: `-${i + 1}.00` }));
  const answer = await t.app.inject({
    method: 'POST', url: `/api/v1/account/${accountId}/ofx`, payload: ofx(rows),
    headers: { authorization: `Bearer ${user.access}`, 'content-type': 'application/x-ofx' },
  });
  expect(answer.statusCode, answer.body).toBe(201);
};

interface Row { id: string; accountTransaction: { amount: number } | null; isNew: boolean; newReason: string | null; version: number; categories: { categoryId: string; amount: number }[] }
const register = async (user: SignedUpUser, accountId: string, query = '') =>
  (await t.http.get(`account/${accountId}/transactions?offset=0&limit=100${query}`, user.access)).json().data as { transactions: Row[]; transactionsCount: number; balance: number };
const bulk = (user: SignedUpUser, body: unknown, key?: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/transactions/bulk', payload: body as object, headers: { authorization: `Bearer ${user.access}`, ...(key && { 'idempotency-key': key }) } });
/** The events of the user owning `accountId` (the log is the truth of what a write changed). */
const eventCount = async (accountId: string) => {
  const { rows } = await t.db.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM es_events WHERE user_id = (SELECT user_id FROM ledger_accounts WHERE id = $1)', [accountId]);
  expect(rows[0]!.n).toBeGreaterThan(0);
  return rows[0]!.n;
};

describe('review state and bulk actions over HTTP', () => {
  test('imported rows are new: counted, filtered with new=1, each with its reason', async () => {
    const accountId = await openChecking(alice, 'Review Bank');
    await importRows(alice, accountId, 4);
    const count = (await t.http.get('transactions/new-count', alice.access)).json().data;
    expect(count.accounts).toContainEqual({ id: accountId, count: 4 });
    const page = await register(alice, accountId, '&new=1');
    expect(page.transactionsCount).toBe(4);
    expect(page.transactions.every((r) => r.isNew && r.newReason === 'imported')).toBe(true);

    const reviewed = await t.http.post('transactions/review', { ids: [page.transactions[0]!.id] }, alice.access);
    expect(reviewed.status, reviewed.body).toBe(200);
    expect((await register(alice, accountId, '&new=1')).transactionsCount).toBe(3);
    // The starting balance is no bank row: never new.
    expect((await register(alice, accountId)).transactions.filter((r) => r.isNew)).toHaveLength(3);
  });

  test('bulk categorise ten rows under one key: one event per row, a retry appends nothing and answers the same', async () => {
    const accountId = await openChecking(alice, 'Bulk Bank');
    await importRows(alice, accountId, 12);
    const ids = (await register(alice, accountId, '&new=1')).transactions.slice(0, 10).map((r) => r.id);
    const before = await eventCount(accountId);
    const key = `bulk-categorise-${accountId}`;
    const first = await bulk(alice, { action: 'categorise', ids, categoryId: groceries }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(JSON.parse(first.body).data.changed).toHaveLength(10);
    expect(await eventCount(accountId)).toBe(before + 10);
    const retry = await bulk(alice, { action: 'categorise', ids, categoryId: groceries }, key);
    expect(retry.statusCode).toBe(200);
    expect(JSON.parse(retry.body)).toEqual(JSON.parse(first.body));
    expect(await eventCount(accountId)).toBe(before + 10);
    const rows = (await register(alice, accountId)).transactions.filter((r) => ids.includes(r.id));
    expect(rows.every((r) => !r.isNew && r.categories.length === 1 && r.categories[0]!.categoryId === groceries)).toBe(true);
    expect((await register(alice, accountId, '&new=1')).transactionsCount).toBe(2);

    // Delete two, then review the rest: the count reaches 0.
    const { balance } = await register(alice, accountId);
    const gone = rows.filter((r) => ids.slice(0, 2).includes(r.id)).reduce((sum, r) => sum + r.accountTransaction!.amount, 0);
    const deleted = await bulk(alice, { action: 'delete', ids: ids.slice(0, 2) }, `bulk-delete-${accountId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(JSON.parse(deleted.body).data.acctBalances).toEqual([{ id: accountId, balance: balance - gone }]);
    const again = await bulk(alice, { action: 'delete', ids: ids.slice(0, 2) }, `bulk-delete-${accountId}`);
    expect(again.statusCode).toBe(200);
    const rest = (await register(alice, accountId, '&new=1')).transactions.map((r) => r.id);
    expect((await bulk(alice, { action: 'review', ids: rest })).statusCode).toBe(200);
    expect((await register(alice, accountId, '&new=1')).transactionsCount).toBe(0);
  });

  test("another user's id among mine is 404 and nothing changes, for either user", async () => {
    const mine = await openChecking(alice, 'Owner Bank');
    const theirs = await openChecking(bob, 'Other Bank');
    await importRows(alice, mine, 2);
    await importRows(bob, theirs, 1);
    const myIds = (await register(alice, mine, '&new=1')).transactions.map((r) => r.id);
    const theirId = (await register(bob, theirs, '&new=1')).transactions[0]!.id;
    const [a, b] = [await eventCount(mine), await eventCount(theirs)];
    for (const action of ['categorise', 'delete', 'review', 'unreview']) {
      const answer = await bulk(alice, { action, ids: [...myIds, theirId], categoryId: groceries });
      expect(answer.statusCode, answer.body).toBe(404);
      expect(JSON.parse(answer.body).errors[0]).toMatchObject({ status: '404' });
    }
    expect((await t.http.post('transactions/review', { ids: [theirId] }, alice.access)).status).toBe(404);
    expect([await eventCount(mine), await eventCount(theirs)]).toEqual([a, b]);
    expect((await register(bob, theirs, '&new=1')).transactionsCount).toBe(1);
    expect((await register(alice, mine, '&new=1')).transactionsCount).toBe(2);
  });

  test('bad bodies are 422 with the spec\'s error list and change nothing', async () => {
    const accountId = await openChecking(alice, 'Validation Bank');
    const before = await eventCount(accountId);
    const id = '00000000-0000-4000-8000-000000000001';
    const cases: [unknown, string][] = [
      [{ action: 'categorise', ids: [id] }, 'categoryId'],
      [{ action: 'explode', ids: [id] }, 'action'],
      [{ action: 'review', ids: [] }, 'ids'],
      [{ action: 'review', ids: ['not-an-id'] }, 'ids.0'],
      [{ action: 'review', ids: Array.from({ length: 501 }, () => id) }, 'ids'],
    ];
    for (const [body, field] of cases) {
      const answer = await bulk(alice, body);
      expect(answer.statusCode, answer.body).toBe(422);
      expect(JSON.parse(answer.body).errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(await eventCount(accountId)).toBe(before);
  });
});
