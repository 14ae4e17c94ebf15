import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { RecordBankRowsCommand } from '@budget/ledger';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';
import { ofxFile } from '../testing/ofx-file.js';

/**
 * GET /transactions/export (the User page's "Download all transactions"): every live transaction
 * of the caller as lines, a line per part of a split row, oldest first, page by page by a cursor;
 * deleted rows out, pending rows in and marked, only the caller's rows; bad cursors and limits are
 * 422s in the spec's error format. At a size a user reaches: 5,000 rows imported from a bank file
 * through the API, paged through whole.
 */
let t: ApiTestApp;
let alice: SignedUpUser;
let bob: SignedUpUser;

interface Line {
  transactionId: string;
  date: string;
  type: string;
  account: string | null;
  payee: string | null;
  categoryGroup: string | null;
  category: string;
  memo: string | null;
  amount: number;
  pending: boolean;
}

interface Page {
  lines: Line[];
  next: string | null;
}

const userId = async (user: SignedUpUser) => (await t.db.pool.query<{ id: string }>('SELECT id::text FROM identity_users WHERE username = $1', [user.username])).rows[0]!.id;

async function page(user: SignedUpUser, query = ''): Promise<Page> {
  const response = await t.http.get(`transactions/export${query}`, user.access);
  expect(response.status, response.body).toBe(200);
  return response.json() as Page;
}

/** Every page in turn, `limit` transactions each: the lines and how many pages it took. */
async function everyPage(user: SignedUpUser, limit?: number): Promise<{ lines: Line[]; pages: number }> {
  const lines: Line[] = [];
  let next: string | null = null;
  let pages = 0;
  do {
    const params = new URLSearchParams();
    if (limit !== undefined) params.set('limit', String(limit));
    if (next !== null) params.set('after', next);
    const answer = await page(user, `?${params.toString()}`);
    lines.push(...answer.lines);
    next = answer.next;
    pages += 1;
  } while (next !== null && pages < 1000);
  return { lines, pages };
}

async function created(path: string, body: unknown, user: SignedUpUser): Promise<{ transaction: { id: string } }> {
  const response = await t.http.post(path, body, user.access);
  expect(response.status, response.body).toBe(201);
  return response.json() as { transaction: { id: string } };
}

const ids: Record<string, string> = {};
let checking = '';

beforeAll(async () => {
  t = await startApiTestApp();
  alice = await signUp(t.http, t.mail, 'exporter');
  bob = await signUp(t.http, t.mail, 'bystander');
  const categories = (await t.http.get('groups', alice.access)).json().data.categories as { id: string; name: string; type?: string }[];
  const named = (name: string) => categories.find((c) => c.name === name)!.id;
  const pool = categories.find((c) => c.type === 'FUNDING POOL')!.id;
  const opened = await t.http.post(
    'institution',
    { institution: { name: 'Export Bank' }, accounts: [{ name: 'Checking', balance: 500, tracking: 'Transactions' }], startDate: '2025-01-01' },
    alice.access,
  );
  expect(opened.status, opened.body).toBe(201);
  checking = opened.json().data.accounts[0].id as string;
  ids.split = (await created(`account/${checking}/transactions`, {
    date: '2025-03-02', name: 'Market & Cafe, "Downtown"', amount: -30, comment: 'weekly shop',
    categories: [{ categoryId: named('Groceries'), amount: -25.5, comment: 'food' }, { categoryId: named('Dining Out'), amount: -4.5 }],
  }, alice)).transaction.id;
  ids.unassigned = (await created(`account/${checking}/transactions`, { date: '2025-03-03', name: 'Mystery Shop', amount: -7.25, categories: [] }, alice)).transaction.id;
  const funded = await t.http.post('category-transfer', {
    date: '2025-03-01', type: 2, categories: [{ categoryId: pool, amount: -40, funder: true }, { categoryId: named('Groceries'), amount: 40 }],
  }, alice.access);
  expect(funded.status, funded.body).toBe(201);
  ids.funding = funded.json().data.transaction.id as string;
  const gone = (await created(`account/${checking}/transactions`, { date: '2025-03-04', name: 'Deleted Shop', amount: -1, categories: [] }, alice)).transaction.id;
  expect((await t.http.delete(`transaction/${gone}`, alice.access)).status).toBe(200);
  await t.app.get(CommandBus).execute(
    new RecordBankRowsCommand(await userId(alice), [
      { accountId: checking, provider: 'plaid', providerTransactionId: 'export-pending-1', pendingTransactionId: null, date: '2025-03-05', name: 'Pending Grocer', amount: -1200, pending: true },
    ], []),
  );
  const bobs = await t.http.post('institution', { institution: { name: 'Bob Bank' }, accounts: [{ name: 'Bob Checking', balance: 0, tracking: 'Transactions' }], startDate: '2025-01-01' }, bob.access);
  await created(`account/${bobs.json().data.accounts[0].id}/transactions`, { date: '2025-03-02', name: 'Bob Shop', amount: -3, categories: [] }, bob);
}, 60_000);
afterAll(async () => t.close());

describe('GET /transactions/export', () => {
  test('answers every live row as lines, a line per part, oldest first, in the exact shape the client reads', async () => {
    const { lines, next } = await page(alice);
    expect(next).toBeNull();
    const of = (id: string) => lines.filter((line) => line.transactionId === id);
    expect(of(ids.split!)).toEqual([
      { transactionId: ids.split, date: '2025-03-02', type: 'Manual', account: 'Export Bank: Checking', payee: 'Market & Cafe, "Downtown"', categoryGroup: 'Food', category: 'Groceries', memo: 'food', amount: -25.5, pending: false },
      { transactionId: ids.split, date: '2025-03-02', type: 'Manual', account: 'Export Bank: Checking', payee: 'Market & Cafe, "Downtown"', categoryGroup: 'Food', category: 'Dining Out', memo: 'weekly shop', amount: -4.5, pending: false },
    ]);
    expect(of(ids.unassigned!)).toEqual([
      { transactionId: ids.unassigned, date: '2025-03-03', type: 'Manual', account: 'Export Bank: Checking', payee: 'Mystery Shop', categoryGroup: null, category: 'Unassigned', memo: null, amount: -7.25, pending: false },
    ]);
    expect(of(ids.funding!).map(({ account, payee, category, amount, type }) => ({ account, payee, category, amount, type }))).toEqual([
      { account: null, payee: null, category: 'Funding Pool', amount: -40, type: 'Funding' },
      { account: null, payee: null, category: 'Groceries', amount: 40, type: 'Funding' },
    ]);
    const pending = lines.filter((line) => line.payee === 'Pending Grocer');
    expect(pending.map((line) => [line.amount, line.pending])).toEqual([[-12, true]]);
    expect(lines.some((line) => line.payee === 'Deleted Shop')).toBe(false);
    expect(lines.some((line) => line.payee === 'Bob Shop')).toBe(false);
    // The starting balance is a row too; the lines run by date.
    expect(lines.filter((line) => line.type === 'Starting balance').map((line) => [line.date, line.payee, line.amount])).toEqual([['2025-01-01', 'Initial Funding', 500]]);
    const dates = lines.map((line) => line.date);
    expect(dates).toEqual([...dates].sort());
    // Each row's parts sum to its amount.
    expect(of(ids.split!).reduce((cents, line) => cents + Math.round(line.amount * 100), 0)).toBe(-3000);
  });

  test('pages by cursor: one transaction a page gives the same lines, none twice, and a change meanwhile skips nothing', async () => {
    const whole = (await page(alice)).lines;
    const first = await page(alice, '?limit=1');
    expect(first.next).toMatch(/^\d{4}-\d{2}-\d{2}_\d+$/);
    // A row dated before the cursor, added between pages, is not in the later pages; a later one is.
    const paged: Line[] = [...first.lines];
    let next = first.next;
    let added = false;
    while (next !== null) {
      const answer = await page(alice, `?limit=1&after=${next}`);
      paged.push(...answer.lines);
      next = answer.next;
      if (!added) {
        await created(`account/${checking}/transactions`, { date: '2025-12-31', name: 'Added Meanwhile', amount: -2, categories: [] }, alice);
        added = true;
      }
    }
    expect(paged.filter((line) => line.payee !== 'Added Meanwhile')).toEqual(whole);
    expect(paged.filter((line) => line.payee === 'Added Meanwhile')).toHaveLength(1);
    expect(new Set(paged.map((line) => `${line.transactionId}:${line.category}:${line.amount}`)).size).toBe(paged.length);
  });

  test('shows one user nothing of another', async () => {
    const { lines } = await page(bob);
    expect(lines.filter((line) => line.account !== null).map((line) => [line.account, line.payee])).toEqual([
      ['Bob Bank: Bob Checking', 'Initial Funding'],
      ['Bob Bank: Bob Checking', 'Bob Shop'],
    ]);
    const alices = new Set(Object.values(ids));
    expect(lines.some((line) => alices.has(line.transactionId) || line.account?.startsWith('Export Bank'))).toBe(false);
  });

  test.each([
    ['after=garbage', 'after'],
    ['after=2025-02-30_12', 'after'],
    ['after=2025-03-01_1234567890123456789', 'after'],
    ['limit=0', 'limit'],
    ['limit=1001', 'limit'],
    ['limit=ten', 'limit'],
  ])('refuses %s with a 422 naming the field, in the error format', async (query, field) => {
    const response = await t.http.get(`transactions/export?${query}`, alice.access);
    expect(response.status, response.body).toBe(422);
    const body = response.json() as { errors: { field: string; message: string }[] };
    expect(body.errors.map((error) => error.field)).toEqual([field]);
    expect(body.errors[0]!.message).toMatch(/after must be the next cursor of an earlier page\.|The limit must be a whole number from 1 to 1000\./);
  });

  test('asks for a signed-in user', async () => {
    expect((await t.http.get('transactions/export')).status).toBe(401);
  });

  test('pages through 5,000 rows imported from a bank file, each once', async () => {
    const user = await signUp(t.http, t.mail, 'bigexport');
    const made = await t.http.post('institution', { institution: { name: 'Big Bank' }, accounts: [{ name: 'Checking', balance: 0, tracking: 'Transactions' }], startDate: '2020-01-01' }, user.access);
    const accountId = made.json().data.accounts[0].id as string;
    const ROWS = 5000;
    const day = (n: number) => new Date(Date.UTC(2021, 0, 1) + (n % 1500) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
    const rows = Array.from({ length: ROWS }, (_, i) => ({ fitid: `EXP-${i}`, date: day(i), amount: `-${1 + (i % 90)}.${String(i % 100).padStart(2, '0')}`, name: `Shop ${i}` }));
    const request = {
      method: 'POST', url: `/api/v1/account/${accountId}/ofx`, payload: ofxFile(rows, { start: day(0), end: day(ROWS - 1), ledgerBalance: '0.00' }),
      headers: { authorization: `Bearer ${user.access}`, 'content-type': 'application/x-ofx', 'idempotency-key': randomUUID() },
    } as const;
    // The client sends the same request with its key again until it has the whole answer (docs/architecture.md §6.2).
    let imported = await t.app.inject(request);
    for (let retry = 0; imported.statusCode === 202 && retry < 600; retry += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      imported = await t.app.inject(request);
    }
    expect(imported.statusCode, imported.body).toBe(201);

    const { lines, pages } = await everyPage(user);
    const bankLines = lines.filter((line) => line.payee?.startsWith('Shop '));
    expect(bankLines).toHaveLength(ROWS);
    expect(new Set(bankLines.map((line) => line.transactionId)).size).toBe(ROWS);
    expect(pages).toBe(Math.ceil(lines.length / 1000));
    const cents = bankLines.reduce((sum, line) => sum + Math.round(line.amount * 100), 0);
    expect(cents).toBe(-rows.reduce((sum, row) => sum + Number(row.amount.replace('.', '').replace('-', '')), 0));
  }, 180_000);
});
