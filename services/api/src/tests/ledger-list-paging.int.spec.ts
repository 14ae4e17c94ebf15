import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listBalances, listConnectedAccounts, listStatements, MAX_PAGE_SIZE } from '@budget/contracts';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * Statements, balance history and the institutions list are paged like every other list: offset
 * and limit walk them in one stable order, a limit out of range is a 422, and the spec's client,
 * which reads each whole without paging parameters, gets a page of at most 1000.
 */
let t: ApiTestApp;
let user: SignedUpUser;
let transactionsAccount: string;
let balancesAccount: string;
let groceries: string;

const get = async (path: string) => {
  const response = await t.http.get(path, user.access);
  expect(response.status, response.body).toBe(200);
  return response.json();
};

/** Every page of `path` with `limit`, until a short one; each page is checked to be at most `limit`. */
async function walk<T>(path: string, limit: number, items: (body: unknown) => T[]): Promise<T[]> {
  const all: T[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = items(await get(`${path}?offset=${offset}&limit=${limit}`));
    expect(page.length).toBeLessThanOrEqual(limit);
    all.push(...page);
    if (page.length < limit) return all;
  }
}

const bare = <T>(body: unknown) => body as T[];

async function expectRefusedBounds(path: string) {
  for (const [query, field] of [['limit=0', 'limit'], [`limit=${MAX_PAGE_SIZE + 1}`, 'limit'], ['limit=x', 'limit'], ['offset=-1', 'offset'], ['offset=4294967296', 'offset']]) {
    const response = await t.http.get(`${path}?${query}`, user.access);
    expect(response.status, `${path}?${query}`).toBe(422);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toEqual([field]);
  }
}

beforeAll(async () => {
  t = await startApiTestApp();
  user = await signUp(t.http, t.mail, 'paging');
  const tree = (await t.http.get('groups', user.access)).json().data.categories as { id: string; name: string }[];
  groceries = tree.find((c) => c.name === 'Groceries')!.id;
  const made = await t.http.post(
    'institution',
    {
      institution: { name: 'Paging Bank' },
      accounts: [
        { name: 'Checking', balance: 100, type: 'depository', subtype: 'checking', tracking: 'Transactions' },
        { name: 'Brokerage', balance: 900, type: 'investment', subtype: 'brokerage', tracking: 'Balances' },
      ],
      startDate: '2025-01-01',
    },
    user.access,
  );
  expect(made.status, made.body).toBe(201);
  const accounts = made.json().data.accounts as { id: string; name: string }[];
  transactionsAccount = accounts.find((a) => a.name === 'Checking')!.id;
  balancesAccount = accounts.find((a) => a.name === 'Brokerage')!.id;
});
afterAll(async () => t.close());

test('a list read without limit is a page of at most 1000 (what the spec client reads whole); the usual offset is 0', () => {
  for (const contract of [listStatements, listBalances, listConnectedAccounts]) {
    expect(contract.query?.parse({})).toEqual({ offset: 0, limit: MAX_PAGE_SIZE });
    expect(contract.query?.parse({ limit: '5', offset: '10' })).toEqual({ offset: 10, limit: 5 });
  }
});

describe('GET /account/{id}/statements', () => {
  interface StatementRow { id: string; startDate: string; endDate: string }
  beforeAll(async () => {
    // 23 monthly statements (periods may not overlap, so end dates differ), posted oldest first.
    for (let i = 0; i < 23; i += 1) {
      const month = String((i % 12) + 1).padStart(2, '0');
      const year = 2020 + Math.floor(i / 12);
      const body = { startDate: `${year}-${month}-01`, endDate: `${year}-${month}-28`, startingBalance: i, endingBalance: i + 1 };
      const made = await t.http.post(`account/${transactionsAccount}/statements`, body, user.access);
      expect(made.status, made.body).toBe(201);
    }
  });

  test('offset and limit walk every statement once, newest end date first, in the order of the whole list', async () => {
    const path = `account/${transactionsAccount}/statements`;
    const whole = bare<StatementRow>(await get(path));
    expect(whole).toHaveLength(23);
    const order = (a: StatementRow, b: StatementRow) => b.endDate.localeCompare(a.endDate) || b.startDate.localeCompare(a.startDate) || (a.id < b.id ? -1 : 1);
    expect(whole).toEqual([...whole].sort(order));
    for (const limit of [1, 4, 23]) expect(await walk(path, limit, bare<StatementRow>)).toEqual(whole);
    expect(bare(await get(`${path}?offset=23`))).toEqual([]);
    expect(bare(await get(`${path}?limit=3`))).toEqual(whole.slice(0, 3));
  });

  test('a limit or offset out of range is a 422 on its field', async () => {
    await expectRefusedBounds(`account/${transactionsAccount}/statements`);
  });
});

describe('GET /account/{id}/balances', () => {
  interface BalanceRow { id?: string; date: string; balance: number }

  test("a Balances account's history pages newest first, each entry once", async () => {
    for (let day = 1; day <= 12; day += 1) {
      const date = `2025-02-${String(day).padStart(2, '0')}`;
      const recorded = await t.http.post(`account/${balancesAccount}/balances`, { date, balance: 900 + day, amount: 900 + day }, user.access);
      expect(recorded.status, recorded.body).toBe(201);
    }
    const path = `account/${balancesAccount}/balances`;
    const whole = bare<BalanceRow>(await get(path));
    expect(whole).toHaveLength(13); // the opening balance and twelve more
    expect(whole.map((e) => e.date)).toEqual([...whole.map((e) => e.date)].sort().reverse());
    for (const limit of [1, 5, 13]) expect(await walk(path, limit, bare<BalanceRow>)).toEqual(whole);
  });

  test("another account's end-of-day balances page the same way", async () => {
    for (let day = 2; day <= 9; day += 1) {
      const date = `2025-03-${String(day).padStart(2, '0')}`;
      const recorded = await t.http.post(`account/${transactionsAccount}/transactions`, { date, name: `Shop ${day}`, amount: -day, principle: 0, categories: [{ categoryId: groceries, amount: -day }] }, user.access);
      expect(recorded.status, recorded.body).toBe(201);
    }
    const path = `account/${transactionsAccount}/balances`;
    const whole = bare<BalanceRow>(await get(path));
    expect(whole.length).toBeGreaterThanOrEqual(8);
    expect(whole.map((e) => e.date)).toEqual([...new Set(whole.map((e) => e.date))].sort().reverse());
    for (const limit of [1, 3]) expect(await walk(path, limit, bare<BalanceRow>)).toEqual(whole);
    expect(bare(await get(`${path}?limit=2`))).toEqual(whole.slice(0, 2));
  });

  test('a limit or offset out of range is a 422 on its field', async () => {
    await expectRefusedBounds(`account/${balancesAccount}/balances`);
    await expectRefusedBounds(`account/${transactionsAccount}/balances`);
  });
});

describe('GET /connected-accounts', () => {
  interface InstitutionRow { id: string; name: string; accounts: { id: string; name: string }[] }
  const institutions = (body: unknown) => (body as { data: InstitutionRow[] }).data;

  test('offset and limit walk the institutions by name, each with all and only its own accounts', async () => {
    // Two institutions share a name, so the order needs its tie-breaker.
    for (const name of ['Delta', 'Alpha', 'Charlie', 'Alpha', 'Bravo']) {
      const accounts = [
        { name: `${name} One`, balance: 1, type: 'depository', subtype: 'checking', tracking: 'Transactions' },
        { name: `${name} Two`, balance: 2, type: 'depository', subtype: 'savings', tracking: 'Transactions' },
      ];
      expect((await t.http.post('institution', { institution: { name }, accounts, startDate: '2025-01-01' }, user.access)).status).toBe(201);
    }
    const whole = institutions(await get('connected-accounts'));
    expect(whole.map((i) => i.name)).toEqual(['Alpha', 'Alpha', 'Bravo', 'Charlie', 'Delta', 'Paging Bank']);
    expect(whole[0]!.id < whole[1]!.id).toBe(true);
    for (const institution of whole.slice(0, 5)) expect(institution.accounts.map((a) => a.name)).toEqual([`${institution.name} One`, `${institution.name} Two`]);
    for (const limit of [1, 2, 4]) expect(await walk('connected-accounts', limit, institutions)).toEqual(whole);
    expect(institutions(await get('connected-accounts?offset=6'))).toEqual([]);
  });

  test('a limit or offset out of range is a 422 on its field', async () => {
    await expectRefusedBounds('connected-accounts');
  });
});
