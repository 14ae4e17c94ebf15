import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { searchStatement, searchStatements } from '@budget/ledger';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * Search by amount either way, memo, category name and date range, with the total count
 * (docs/architecture.md §4.9; contracts `searchTransactions`), through the whole API on
 * PostgreSQL: every kind alone and combined, short (1–2 character) names, the count beside pages,
 * only the caller's rows (another user holds rows that match every filter), bad parameters as
 * 422s in the spec's format; and the user-scoped indexes exist and serve the statements.
 */
let t: ApiTestApp;
let alice: SignedUpUser;
let bob: SignedUpUser;
let aliceId: string;

interface Row {
  id: string;
  date: string;
  comment: string | null;
  accountTransaction: { name: string; amount: number } | null;
}
interface Answer {
  transactions: Row[];
  balance: 0;
  transactionsCount: number;
}

const subject = (access: string) => (JSON.parse(Buffer.from(access.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string }).sub;

async function categoryIds(user: SignedUpUser): Promise<Map<string, string>> {
  const { rows } = await t.db.pool.query<{ id: string; name: string }>(`SELECT id, name FROM budget_categories WHERE user_id = $1 AND type = 'REGULAR'`, [subject(user.access)]);
  return new Map(rows.map((r) => [r.name, r.id]));
}

async function openAccount(user: SignedUpUser, name: string): Promise<string> {
  const response = await t.http.post('institution', { institution: { name: 'Bank' }, accounts: [{ name, balance: 0, tracking: 'Transactions' }], startDate: '2024-01-01' }, user.access);
  expect(response.status, response.body).toBe(201);
  return (response.json().data.accounts as { id: string }[])[0]!.id;
}

async function add(user: SignedUpUser, accountId: string, row: { date: string; name: string; amount: number; comment?: string; categoryId?: string }): Promise<string> {
  const body = {
    date: row.date,
    name: row.name,
    amount: row.amount,
    comment: row.comment ?? null,
    categories: row.categoryId ? [{ categoryId: row.categoryId, amount: row.amount }] : [],
  };
  const response = await t.http.post(`account/${accountId}/transactions`, body, user.access);
  expect(response.status, response.body).toBe(201);
  return response.json().transaction.id as string;
}

async function search(user: SignedUpUser, query: string): Promise<Answer> {
  const response = await t.http.get(`transactions/search?${query}`, user.access);
  expect(response.status, response.body).toBe(200);
  return response.json().data as Answer;
}
const names = (answer: Answer) => answer.transactions.map((r) => r.accountTransaction?.name);

beforeAll(async () => {
  t = await startApiTestApp();
  alice = await signUp(t.http, t.mail, 'filters');
  bob = await signUp(t.http, t.mail, 'filtersbob');
  aliceId = subject(alice.access);
  const cats = await categoryIds(alice);
  const checking = await openAccount(alice, 'Checking');
  await add(alice, checking, { date: '2024-03-01', name: 'Kroger', amount: -45, categoryId: cats.get('Groceries')!, comment: 'weekly shop' });
  await add(alice, checking, { date: '2024-03-02', name: 'Refund Kroger', amount: 45, categoryId: cats.get('Groceries')! });
  await add(alice, checking, { date: '2024-03-03', name: 'Bistro', amount: -45.5, categoryId: cats.get('Dining Out')!, comment: 'Birthday dinner' });
  await add(alice, checking, { date: '2024-04-10', name: 'Shell', amount: -145, categoryId: cats.get('Gasoline')! });
  await add(alice, checking, { date: '2024-05-20', name: 'Xy', amount: -4.5, comment: 'gift for Ann' });
  // A deleted row that matches name, amount, memo, category and dates: never listed nor counted.
  const deleted = await add(alice, checking, { date: '2024-03-04', name: 'Kroger', amount: -45, categoryId: cats.get('Groceries')!, comment: 'weekly shop' });
  const removed = await t.http.delete(`transaction/${deleted}`, alice.access);
  expect(removed.status, removed.body).toBe(200);
  // Bob's rows match every filter Alice searches with: none may ever reach her.
  const bobCats = await categoryIds(bob);
  const bobs = await openAccount(bob, 'Bob Checking');
  for (const date of ['2024-03-01', '2024-03-02', '2024-03-03']) {
    await add(bob, bobs, { date, name: 'Kroger Xy', amount: -45, categoryId: bobCats.get('Groceries')!, comment: 'weekly shop gift for Ann' });
  }
}, 120_000);
afterAll(async () => t.close());

describe('GET /transactions/search filters', () => {
  test('absAmount finds the amount either way, exactly: 45 is -45.00 and 45.00 (not 45.50 or 145); 45.5 is 45.50', async () => {
    const a = await search(alice, 'absAmount=45');
    expect(names(a)).toEqual(['Refund Kroger', 'Kroger']);
    expect(a.transactions.map((r) => r.accountTransaction?.amount)).toEqual([45, -45]);
    expect(a.transactionsCount).toBe(2);
    expect(names(await search(alice, 'absAmount=45.5'))).toEqual(['Bistro']);
    expect(names(await search(alice, 'absAmount=45.50'))).toEqual(['Bistro']);
    expect(names(await search(alice, 'absAmount=4.5'))).toEqual(['Xy']);
    // The exact signed amount is unchanged.
    expect(names(await search(alice, 'amount=45'))).toEqual(['Refund Kroger']);
  });

  test('memo: contained in the comment, any case, short texts included', async () => {
    expect(names(await search(alice, 'memo=WEEKLY'))).toEqual(['Kroger']);
    expect(names(await search(alice, 'memo=dinner'))).toEqual(['Bistro']);
    expect(names(await search(alice, 'memo=an'))).toEqual(['Xy']);
    expect((await search(alice, 'memo=zzz')).transactionsCount).toBe(0);
  });

  test('category: rows with a part in a category whose name contains the text, any case', async () => {
    const groceries = await search(alice, 'category=grocer');
    expect(names(groceries)).toEqual(['Refund Kroger', 'Kroger']);
    expect(groceries.transactionsCount).toBe(2);
    expect(names(await search(alice, 'category=GASOLINE'))).toEqual(['Shell']);
    expect(names(await search(alice, 'category=dining&absAmount=45.5'))).toEqual(['Bistro']);
    expect(names(await search(alice, 'category=nothing-like-this'))).toEqual([]);
  });

  test('date range: both ends included, alone or with other filters', async () => {
    expect(names(await search(alice, 'startDate=2024-03-02&endDate=2024-04-10'))).toEqual(['Shell', 'Bistro', 'Refund Kroger']);
    expect(names(await search(alice, 'startDate=2024-04-11'))).toEqual(['Xy']);
    expect(names(await search(alice, 'endDate=2024-03-01'))).toEqual(['Kroger', 'Initial Funding']);
    expect(names(await search(alice, 'name=kroger&startDate=2024-03-02&endDate=2024-03-02'))).toEqual(['Refund Kroger']);
  });

  test('1–2 character names are substrings in any case, through the same statement kinds', async () => {
    expect(names(await search(alice, 'name=xY'))).toEqual(['Xy']);
    expect(names(await search(alice, 'name=k'))).toEqual(['Refund Kroger', 'Kroger']);
    const r = await search(alice, 'name=r');
    expect(names(r)).toEqual(['Bistro', 'Refund Kroger', 'Kroger']);
    expect(r.transactionsCount).toBe(3);
  });

  test('the count is every match, the same on every page; pages stay 30 at most', async () => {
    const pager = await signUp(t.http, t.mail, 'filterpager');
    const account = await openAccount(pager, 'Paged');
    for (let i = 1; i <= 35; i++) await add(pager, account, { date: '2024-02-01', name: `Row ${i}`, amount: -(i % 2 === 0 ? 10 : 20) });
    const first = await search(pager, 'name=row');
    expect(first.transactions).toHaveLength(30);
    expect(first.transactionsCount).toBe(35);
    const second = await search(pager, 'name=row&offset=30');
    expect(second.transactions).toHaveLength(5);
    expect(second.transactionsCount).toBe(35);
    expect((await search(pager, 'absAmount=10')).transactionsCount).toBe(17);
    expect((await search(pager, 'absAmount=20&limit=5')).transactionsCount).toBe(18);
    // No filter: every live row, the account's Initial Funding included.
    expect((await search(pager, '')).transactionsCount).toBe(36);
  });

  test("another user's rows never appear nor count, whatever the filter", async () => {
    for (const query of ['name=kroger', 'name=xy', 'name=k', 'absAmount=45', 'amount=-45', 'memo=gift', 'memo=weekly', 'category=groceries', 'startDate=2024-03-01&endDate=2024-03-03', '']) {
      const mine = await search(alice, query);
      const theirs = await search(bob, query);
      const bobIds = new Set(theirs.transactions.map((r) => r.id));
      expect(mine.transactions.filter((r) => bobIds.has(r.id)), query).toEqual([]);
      expect(mine.transactions.map((r) => r.accountTransaction?.name).filter((n) => n === 'Kroger Xy'), query).toEqual([]);
    }
    expect((await search(alice, 'name=kroger xy')).transactionsCount).toBe(0);
    expect((await search(bob, 'name=kroger xy')).transactionsCount).toBe(3);
    expect((await search(bob, 'memo=birthday')).transactionsCount).toBe(0);
  });

  test('bad parameters are 422s in the spec format, naming the field', async () => {
    const cases: [string, string][] = [
      ['absAmount=-4', 'absAmount'],
      ['absAmount=4.555', 'absAmount'],
      ['absAmount=abc', 'absAmount'],
      ['startDate=2024-02-30', 'startDate'],
      ['endDate=yesterday', 'endDate'],
      ['startDate=2024-05-01&endDate=2024-04-01', 'endDate'],
      [`memo=${'m'.repeat(201)}`, 'memo'],
      [`category=${'c'.repeat(201)}`, 'category'],
    ];
    for (const [query, field] of cases) {
      const response = await t.http.get(`transactions/search?${query}`, alice.access);
      expect(response.status, query).toBe(422);
      const body = response.json() as { errors: { field?: string; message: string }[] };
      expect(JSON.stringify(body), query).toContain(field);
    }
  });
});

describe('the user-scoped search indexes', () => {
  /**
   * EXPLAIN of `statements` in a transaction that is rolled back, in which the caller has 40,000
   * more rows and another user 40,000 (fixture rows named by 12 characters of their md5, no memo; ANALYZEd there),
   * so the planner sees a budget of realistic size; sequential scans are off besides. Nothing of
   * it is ever committed.
   */
  const plans = async (statements: { text: string; values: unknown[] }[]) => {
    const client = await t.db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      await client.query(
        `INSERT INTO ledger_transactions (user_id, id, kind, type, date, version, splits, seq, recorded_at, name, amount_cents, account_id)
         SELECT CASE WHEN i % 2 = 0 THEN $1 ELSE 'explain-other-user' END, md5('explain' || i)::uuid, 'manual', 0,
                DATE '2020-01-01' + (i % 1500), 1, '[]', 1000000000 + i, now(), left(md5(i::text), 12), -(i % 9000), NULL
           FROM generate_series(1, 80000) i`,
        [aliceId],
      );
      await client.query('ANALYZE ledger_transactions');
      const out: string[] = [];
      for (const statement of statements) {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement.text}`, statement.values);
        out.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      return out;
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  };

  test('exist, user first', async () => {
    const { rows } = await t.db.pool.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('ledger_transactions', 'ledger_splits') ORDER BY indexname`,
    );
    const defs = new Map(rows.map((r) => [r.indexname, r.indexdef]));
    expect(defs.get('ledger_transactions_user_name_trgm')).toContain('gin (user_id, name gin_trgm_ops)');
    expect(defs.get('ledger_transactions_user_memo_trgm')).toContain('gin (user_id, comment gin_trgm_ops)');
    expect(defs.get('ledger_transactions_user_recent')).toContain('(user_id, date DESC, seq DESC) INCLUDE (id, name, comment, amount_cents)');
    expect(defs.get('ledger_splits_category_transaction')).toContain('(category_id, transaction_id)');
    // The index of every user's names is gone: nothing reads across users.
    expect(defs.has('ledger_transactions_name_trgm')).toBe(false);
  });

  test("a name of three letters or more goes through the user-scoped trigram index; a short one and the count through the covering walk; a category's parts through their index, unfiltered", async () => {
    const word = searchStatements({ name: 'kroger', amount: null, offset: 0, limit: 30 }, aliceId);
    const short = searchStatements({ name: 'k', amount: null, offset: 0, limit: 30 }, aliceId);
    const memo = searchStatements({ name: null, amount: null, memo: 'weekly', offset: 0, limit: 30 }, aliceId);
    const category = searchStatement({ name: null, amount: null, category: 'groceries', offset: 0, limit: 30 }, aliceId);
    const [wordPage, wordCount, shortPage, shortCount, memoCount, categoryPlan] = await plans([word.page, word.count, short.page, short.count, memo.count, category]);
    expect(wordPage).toContain('ledger_transactions_user_name_trgm');
    expect(wordCount).toContain('ledger_transactions_user_name_trgm');
    // The user is a key of the index scan (btree_gin), not a filter on every user's matches.
    expect(wordCount).toContain(`Index Cond: ((user_id = '${aliceId}'::text) AND (name ~~* '%kroger%'::text))`);
    expect(wordCount).not.toContain('Filter: (user_id');
    expect(shortPage).toContain('ledger_transactions_user_recent');
    // The count of a short name reads the caller's rows only, through a user-first index (the
    // covering walk once the visibility map is set by VACUUM, else another of the user's indexes),
    // and stops one row past its bound.
    expect(shortCount).toMatch(/Index (Only )?Scan (using|on) ledger_transactions_user_\w+/);
    expect(shortCount).toMatch(/Limit .*rows=1001/);
    expect(shortCount).toContain(`user_id = '${aliceId}'`);
    expect(memoCount).toContain('ledger_transactions_user_memo_trgm');
    // A category's parts are read by ledger_splits_category_transaction with nothing to check in
    // the table's rows (no filter on the part's user), so the scan can be the index's alone.
    expect(categoryPlan).toMatch(/Scan (using|on) ledger_splits_category_transaction/);
    const lines = categoryPlan!.split('\n');
    const splitsNodes = lines.flatMap((line, at) => (/Scan (using \w+ )?on ledger_splits s\b/.test(line) ? [at] : []));
    expect(splitsNodes.length, categoryPlan).toBeGreaterThan(0);
    for (const at of splitsNodes) {
      const rest = lines.slice(at + 1);
      const own = rest.slice(0, Math.max(0, rest.findIndex((line) => line.includes('->'))));
      expect(own.join('\n'), categoryPlan).not.toContain('user_id');
    }
    // The fixture was rolled back.
    expect((await t.db.pool.query(`SELECT 1 FROM ledger_transactions WHERE user_id = 'explain-other-user'`)).rowCount).toBe(0);
    // The fixture's 80,000 rows go through every index of the table, the trigram and letter
    // indexes row by row: 10-40 s on a quiet 2-core machine, past a minute on a loaded one.
  }, 300_000);
});
