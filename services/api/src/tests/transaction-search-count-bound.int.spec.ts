import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { SEARCH_COUNT_BOUND } from '@budget/ledger';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * The search's count stops at its bound (docs/architecture.md §4.9; contracts
 * `searchTransactions`): with more matches than SEARCH_COUNT_BOUND the answer is the bound and
 * `transactionsCountCapped: true`, and offset paging still reaches every match past it; at or
 * below the bound the count is exact and not capped. Through the whole API on PostgreSQL, with
 * 1,001 + 2 rows made by one OFX import (the real write path) and filed by an auto-assignment rule.
 */
let t: ApiTestApp;
let user: SignedUpUser;
let other: SignedUpUser;

interface Answer {
  transactions: { id: string; date: string; accountTransaction: { name: string; amount: number } | null }[];
  balance: 0;
  transactionsCount: number;
  transactionsCountCapped: boolean;
}

const MATCHES = SEARCH_COUNT_BOUND + 1;

async function search(who: SignedUpUser, query: string): Promise<Answer> {
  const response = await t.http.get(`transactions/search?${query}`, who.access);
  expect(response.status, response.body).toBe(200);
  return response.json().data as Answer;
}

const ofx = (rows: { fitid: string; date: string; amount: string; name: string }[]) => `OFXHEADER:100
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKACCTFROM><ACCTID>9</BANKACCTFROM><BANKTRANLIST>
${rows.map((r) => `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>${r.date}<TRNAMT>${r.amount}<FITID>${r.fitid}<NAME>${r.name}</STMTTRN>`).join('\n')}
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

async function importRows(who: SignedUpUser, count: number): Promise<void> {
  const userId = (JSON.parse(Buffer.from(who.access.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string }).sub;
  const { rows: cats } = await t.db.pool.query<{ id: string }>(`SELECT id FROM budget_categories WHERE user_id = $1 AND name = 'Dining Out'`, [userId]);
  const rule = await t.http.post('auto-assignments', { name: 'Cafe', searchStrings: ['cafe'], categories: [{ id: -1, categoryId: cats[0]!.id, amount: 100, percentage: true }] }, who.access);
  expect(rule.status, rule.body).toBe(201);
  const made = await t.http.post('institution', { institution: { name: 'Bank' }, accounts: [{ name: 'Checking', balance: 0, tracking: 'Transactions' }], startDate: '2024-01-01' }, who.access);
  expect(made.status, made.body).toBe(201);
  const accountId = (made.json().data.accounts as { id: string }[])[0]!.id;
  // `count` cafe rows of -1.00 (all but the first: -2.00) over 200 days, and two rows no text below matches.
  const rows = Array.from({ length: count }, (_, i) => ({
    fitid: `C-${i}`,
    date: new Date(Date.UTC(2024, 1, 1) + (i % 200) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', ''),
    amount: i === 0 ? '-2.00' : '-1.00',
    name: `CAFE ${i}`,
  }));
  rows.push({ fitid: 'Z-1', date: '20240105', amount: '-3.00', name: 'ZOO' }, { fitid: 'Z-2', date: '20240106', amount: '-3.00', name: 'ZOO' });
  const imported = await t.app.inject({
    method: 'POST',
    url: `/api/v1/account/${accountId}/ofx`,
    payload: ofx(rows),
    headers: { authorization: `Bearer ${who.access}`, 'content-type': 'application/x-ofx', 'idempotency-key': randomUUID() },
  });
  expect(imported.statusCode, imported.body.slice(0, 500)).toBe(201);
  expect(JSON.parse(imported.body).data).toMatchObject({ added: rows.length });
}

beforeAll(async () => {
  t = await startApiTestApp();
  user = await signUp(t.http, t.mail, 'countbound');
  other = await signUp(t.http, t.mail, 'countboundother');
  await importRows(user, MATCHES);
  // Another user with as many matches: never counted for the first.
  await importRows(other, MATCHES);
}, 300_000);
afterAll(async () => t?.close());

describe('the bounded search count', () => {
  test('more matches than the bound: the bound and transactionsCountCapped, for a word, a 1-character text and a category', async () => {
    expect(SEARCH_COUNT_BOUND).toBe(1000);
    for (const query of ['name=cafe', 'name=c', 'category=dining']) {
      const answer = await search(user, query);
      expect(answer.transactions, query).toHaveLength(30);
      expect(answer.transactionsCount, query).toBe(SEARCH_COUNT_BOUND);
      expect(answer.transactionsCountCapped, query).toBe(true);
      expect(answer.balance, query).toBe(0);
      // The same on a page past the bound.
      const deep = await search(user, `${query}&offset=990`);
      expect(deep.transactions, query).toHaveLength(MATCHES - 990);
      expect([deep.transactionsCount, deep.transactionsCountCapped], query).toEqual([SEARCH_COUNT_BOUND, true]);
    }
  });

  test('offset paging reaches every match past the bound, each once, newest first', async () => {
    const seen: Answer['transactions'] = [];
    for (let offset = 0; ; offset += 30) {
      const page = await search(user, `name=cafe&offset=${offset}&limit=30`);
      seen.push(...page.transactions);
      if (page.transactions.length < 30) break;
    }
    expect(seen).toHaveLength(MATCHES);
    expect(new Set(seen.map((r) => r.id)).size).toBe(MATCHES);
    expect(new Set(seen.map((r) => r.accountTransaction?.name))).toEqual(new Set(Array.from({ length: MATCHES }, (_, i) => `CAFE ${i}`)));
    const dates = seen.map((r) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
    // Past the last match: nothing, the count unchanged.
    const beyond = await search(user, `name=cafe&offset=${MATCHES}`);
    expect(beyond.transactions).toEqual([]);
    expect([beyond.transactionsCount, beyond.transactionsCountCapped]).toEqual([SEARCH_COUNT_BOUND, true]);
  }, 120_000);

  test('at or below the bound the count is exact and not capped', async () => {
    // Exactly the bound: 1,000 rows of -1.00.
    const exactly = await search(user, 'absAmount=1');
    expect([exactly.transactionsCount, exactly.transactionsCountCapped]).toEqual([SEARCH_COUNT_BOUND, false]);
    const below = await search(user, 'absAmount=1&endDate=2024-02-10');
    const expected = Array.from({ length: MATCHES }, (_, i) => i).filter((i) => i > 0 && i % 200 < 10).length;
    expect([below.transactionsCount, below.transactionsCountCapped]).toEqual([expected, false]);
    expect([(await search(user, 'absAmount=2')).transactionsCount, (await search(user, 'name=zoo')).transactionsCount]).toEqual([1, 2]);
    const none = await search(user, 'name=q');
    expect([none.transactionsCount, none.transactionsCountCapped, none.transactions]).toEqual([0, false, []]);
  });
});
