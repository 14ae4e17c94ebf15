import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { rebuildReadModels } from '@budget/platform';
import { readModelProjections } from '../read-model-projections.js';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * GET /api/v1/payees (docs/architecture.md §4.4): the payees read model the ledger projection
 * keeps, in both projection modes — only the caller's payees, names starting with the text first,
 * then the most used, then the most recent; the category last given by hand and how many times in
 * a row; edits, renames and deletes followed; a rebuild from the log ends with the same rows.
 */
type Payee = { name: string; uses: number; lastCategoryId: string | null; lastCategoryTimes: number };

describe.each(['inline', 'async'] as const)('payees (%s projection)', (mode) => {
  let t: ApiTestApp;
  let alice: SignedUpUser;
  let bob: SignedUpUser;
  const cat = new Map<string, string>();
  let checking: string;
  let bobs: string;
  const versions = new Map<string, number>();

  const open = async (user: SignedUpUser) => {
    const response = await t.http.post('institution', { institution: { name: 'Bank' }, accounts: [{ name: 'Checking', balance: 0, tracking: 'Transactions' }], startDate: '2025-01-01' }, user.access);
    expect(response.status, response.body).toBe(201);
    return response.json().data.accounts[0].id as string;
  };
  const record = async (user: SignedUpUser, accountId: string, name: string, amount: number, category: string | null) => {
    const body = { date: '2025-03-05', name, amount, comment: '', categories: category ? [{ categoryId: cat.get(category), amount }] : [] };
    const response = await t.http.post(`account/${accountId}/transactions`, body, user.access);
    expect([201, 202], response.body).toContain(response.status);
    const id = response.json().transaction?.id as string;
    versions.set(id, response.json().transaction.version as number);
    return id;
  };
  /** The transaction as stored now (async: once the projector has it). */
  const current = async (id: string) => {
    for (let i = 0; i < 200; i++) {
      const response = await t.http.get(`transaction/${id}`, alice.access);
      if (response.status === 200) return response.json();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`transaction ${id} never appeared`);
  };
  const edit = async (id: string, change: { name?: string; category?: string }) => {
    const now = await current(id);
    const amount = now.accountTransaction.amount as number;
    const body = {
      version: now.version, date: now.date, name: change.name ?? now.accountTransaction.name, amount, comment: '',
      categories: change.category ? [{ categoryId: cat.get(change.category), amount }] : now.categories.map((c: { categoryId: string; amount: number }) => ({ categoryId: c.categoryId, amount: c.amount })),
    };
    const response = await t.http.patch(`transaction/${id}`, body, alice.access);
    expect([200, 202], response.body).toContain(response.status);
  };
  const payees = async (user: SignedUpUser, query: string): Promise<Payee[]> => {
    const response = await t.http.get(`payees?${query}`, user.access);
    expect(response.status, response.body).toBe(200);
    return response.json().data as Payee[];
  };
  /** Waits (bounded) until the answer is as expected: with the projector, the read model follows the log. */
  const eventually = async (user: SignedUpUser, query: string, expected: unknown) => {
    let last: Payee[] = [];
    for (let i = 0; i < 200; i++) {
      last = await payees(user, query);
      if (JSON.stringify(last) === JSON.stringify(expected)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(last).toEqual(expected);
  };
  const p = (name: string, uses: number, category: string | null = null, times = 0): Payee => ({ name, uses, lastCategoryId: category ? cat.get(category)! : null, lastCategoryTimes: times });
  let cafe2: string;
  let nook: string;

  beforeAll(async () => {
    t = await startApiTestApp(mode === 'async' ? { PROJECTION: 'async' } : {});
    alice = await signUp(t.http, t.mail, `payees_${mode}_a`);
    bob = await signUp(t.http, t.mail, `payees_${mode}_b`);
    for (const c of (await t.http.get('groups', alice.access)).json().data.categories as { id: string; name: string }[]) cat.set(c.name, c.id);
    checking = await open(alice);
    bobs = await open(bob);
    await record(alice, checking, 'Corner Cafe', -4.5, 'Dining Out');
    cafe2 = await record(alice, checking, 'CORNER CAFE', -6, null);
    await record(alice, checking, 'Corner Bakery', -3, 'Groceries');
    for (let i = 0; i < 3; i++) await record(alice, checking, 'The Cafe', -2, null);
    await record(alice, checking, 'Cafe Luna', -8, 'Dining Out');
    nook = await record(alice, checking, 'Book Nook', -12, null);
    await record(bob, bobs, 'Corner Cafe', -4.5, null);
    await record(bob, bobs, 'Bob Only', -1, null);
  }, 120_000);
  afterAll(async () => t?.close());

  test('only the caller\'s payees; names starting with the text first, then the most used, then the most recent; the last category', async () => {
    // "Corner Cafe" twice (the name as last written); its category by hand once; a row without one leaves it.
    await eventually(alice, 'name=cafe', [p('Cafe Luna', 1, 'Dining Out', 1), p('The Cafe', 3), p('CORNER CAFE', 2, 'Dining Out', 1)]);
    await eventually(alice, 'name=CORNER', [p('CORNER CAFE', 2, 'Dining Out', 1), p('Corner Bakery', 1, 'Groceries', 1)]);
    await eventually(bob, 'name=corner', [p('Corner Cafe', 1)]);
    expect(await payees(bob, 'name=nook')).toEqual([]);
    expect((await payees(alice, 'limit=2')).map((x) => x.name)).toEqual(['The Cafe', 'CORNER CAFE']);
    // `%` and `_` are plain characters.
    expect(await payees(alice, `name=${encodeURIComponent('%')}`)).toEqual([]);
  });

  test('a category given by hand again counts in a row; a rename moves the row; a delete takes it out', async () => {
    await edit(cafe2, { category: 'Dining Out' });
    await eventually(alice, 'name=corner%20cafe', [p('CORNER CAFE', 2, 'Dining Out', 2)]);
    await edit(nook, { name: 'Book Nook Downtown' });
    await eventually(alice, 'name=book', [p('Book Nook Downtown', 1)]);
    const deleted = await t.http.delete(`transaction/${cafe2}`, alice.access);
    expect([200, 202, 204], deleted.body).toContain(deleted.status);
    await eventually(alice, 'name=corner%20cafe', [p('CORNER CAFE', 1, 'Dining Out', 2)]);
  });

  test('a bad limit or name is a 422 with the field', async () => {
    for (const query of ['limit=0', 'limit=51', 'limit=x']) {
      const response = await t.http.get(`payees?${query}`, alice.access);
      expect(response.status, response.body).toBe(422);
      expect(response.json().errors).toEqual([expect.objectContaining({ field: 'limit' })]);
    }
  });

  test('a rebuild from the log ends with the same payees as the live writes', async () => {
    const snapshot = async () =>
      [
        (await t.db.pool.query('SELECT * FROM ledger_payees ORDER BY user_id, name_key')).rows,
        (await t.db.pool.query('SELECT * FROM ledger_payee_transactions ORDER BY transaction_id')).rows,
      ];
    const answer = async () => [await payees(alice, 'limit=50'), await payees(bob, 'limit=50')];
    await eventually(alice, 'name=book', [p('Book Nook Downtown', 1)]);
    const before = { rows: await snapshot(), answers: await answer() };
    expect(before.rows[0]!.length).toBeGreaterThan(5);
    await t.pauseProjector();
    await rebuildReadModels({ pool: t.db.pool, store: t.store, projections: readModelProjections });
    await t.resumeProjector();
    expect(await snapshot()).toEqual(before.rows);
    expect(await answer()).toEqual(before.answers);
  }, 60_000);
});
