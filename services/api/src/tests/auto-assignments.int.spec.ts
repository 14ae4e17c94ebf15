import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CommandBus } from '@nestjs/cqrs';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { RecordBankRowsCommand, type BankRow } from '@budget/ledger';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * Auto-assignment rules through the API (product-spec §7 "Rules, logs, bills", server-behaviour
 * §4.5 and §8 rules 1 and 5): the spec client's exact bodies, validation and ownership, the rules'
 * own stream, and an OFX import whose matching rows are assigned by the rule, with the rule as the
 * actor and the rule and string named in the transaction log.
 */
let t: ApiTestApp;
let alice: SignedUpUser;
let bob: SignedUpUser;
const cat: Record<'alice' | 'bob', Map<string, string>> = { alice: new Map(), bob: new Map() };

const call = (user: SignedUpUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
  t.app.inject({ method, url: `/api/v1/${path}`, headers: { authorization: `Bearer ${user.access}` }, ...(body !== undefined && { payload: body as object }) });
const json = <T = any>(response: { body: string }): T => JSON.parse(response.body) as T; // eslint-disable-line @typescript-eslint/no-explicit-any
const userId = async (user: SignedUpUser) => (await t.db.pool.query<{ id: string }>('SELECT id::text FROM identity_users WHERE username = $1', [user.username])).rows[0]!.id;
const streamEvents = async (stream: string) =>
  (await t.db.pool.query<{ type: string }>('SELECT type FROM es_events WHERE stream_id = $1 ORDER BY revision', [stream])).rows.map((r) => r.type);
const balanceOf = async (user: SignedUpUser, name: string) =>
  (json((await call(user, 'GET', 'groups'))).data.categories as { name: string; balance: number }[]).find((c) => c.name === name)!.balance;

const ofx = (rows: { fitid: string; amount: string; name: string }[]) => `OFXHEADER:100
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKACCTFROM><ACCTID>9</BANKACCTFROM><BANKTRANLIST>
${rows.map((r, i) => `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>2025030${1 + i}<TRNAMT>${r.amount}<FITID>${r.fitid}<NAME>${r.name}</STMTTRN>`).join('\n')}
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

beforeAll(async () => {
  t = await startApiTestApp();
  t.clock.set(new Date('2025-03-14T12:00:00Z'));
  alice = await signUp(t.http, t.mail, 'rules-alice');
  bob = await signUp(t.http, t.mail, 'rules-bob');
  for (const [who, user] of [['alice', alice], ['bob', bob]] as const) {
    const tree = json(await call(user, 'GET', 'groups')).data.categories as { id: string; name: string }[];
    cat[who] = new Map(tree.map((c) => [c.name, c.id]));
  }
});
afterAll(async () => t?.close());

describe('the rules CRUD', () => {
  test("POST with the spec client's exact body (row ids negative, percentages) answers 201 with the rule", async () => {
    const body = {
      name: 'Groceries',
      searchStrings: ['grocer', 'market'],
      categories: [
        { id: -1, categoryId: cat.alice.get('Groceries'), amount: 75, percentage: true },
        { id: -2, categoryId: cat.alice.get('Entertainment'), amount: 25, percentage: true },
      ],
    };
    const created = await call(alice, 'POST', 'auto-assignments', body);
    expect(created.statusCode, created.body).toBe(201);
    expect(json(created)).toEqual({
      id: expect.any(String),
      name: 'Groceries',
      searchStrings: ['grocer', 'market'],
      categories: [
        { id: 1, categoryId: cat.alice.get('Groceries'), amount: 75, percentage: true },
        { id: 2, categoryId: cat.alice.get('Entertainment'), amount: 25, percentage: true },
      ],
    });
    await call(alice, 'DELETE', `auto-assignments/${json(created).id}`);
  });

  test('no categories: Unassigned at 100 percent; the list is sorted by name, ignoring case', async () => {
    const made: string[] = [];
    for (const name of ['zeta', 'Alpha', 'beta']) {
      const created = await call(alice, 'POST', 'auto-assignments', { name, searchStrings: [name], categories: [] });
      expect(created.statusCode, created.body).toBe(201);
      made.push(json(created).id);
      expect(json(created).categories).toEqual([{ id: 1, categoryId: cat.alice.get('Unassigned'), amount: 100, percentage: true }]);
    }
    const list = json(await call(alice, 'GET', 'auto-assignments')) as { name: string }[];
    expect(list.map((r) => r.name)).toEqual(['Alpha', 'beta', 'zeta']);
    for (const id of made) expect((await call(alice, 'DELETE', `auto-assignments/${id}`)).statusCode).toBe(204);
    expect(json(await call(alice, 'GET', 'auto-assignments'))).toEqual([]);
  });

  test('at least one search string: none, or only blanks, is a 422 on searchStrings and stores nothing', async () => {
    const id = await userId(alice);
    const before = await streamEvents(`rules-${id}`);
    for (const searchStrings of [[], ['  ', '']]) {
      const refused = await call(alice, 'POST', 'auto-assignments', { name: 'Empty', searchStrings, categories: [] });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(json(refused).errors).toEqual([expect.objectContaining({ field: 'searchStrings' })]);
    }
    expect(await streamEvents(`rules-${id}`)).toEqual(before);
  });

  test("a category of another user is a 422 on its row; another user's rule is a 404 to PATCH and DELETE; nothing changes", async () => {
    const refused = await call(alice, 'POST', 'auto-assignments', { name: 'Sneaky', searchStrings: ['x'], categories: [{ id: -1, categoryId: cat.bob.get('Groceries'), amount: 100, percentage: true }] });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(json(refused).errors).toEqual([expect.objectContaining({ field: 'categories.0.categoryId' })]);

    const rule = json(await call(alice, 'POST', 'auto-assignments', { name: 'Mine', searchStrings: ['mine'], categories: [] }));
    const before = json(await call(alice, 'GET', 'auto-assignments'));
    expect((await call(bob, 'PATCH', `auto-assignments/${rule.id}`, { name: 'Theirs', searchStrings: ['x'], categories: [] })).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `auto-assignments/${rule.id}`)).statusCode).toBe(404);
    expect(json(await call(bob, 'GET', 'auto-assignments'))).toEqual([]);
    expect(json(await call(alice, 'GET', 'auto-assignments'))).toEqual(before);

    // PATCH with the same body shape replaces the whole rule (the client's row ids are ignored).
    const patched = await call(alice, 'PATCH', `auto-assignments/${rule.id}`, {
      name: 'Mine',
      searchStrings: ['mine', 'also mine'],
      categories: [{ id: 1, categoryId: cat.alice.get('Dining Out'), amount: 12.5, percentage: false }, { id: -1, categoryId: cat.alice.get('Groceries'), amount: 100, percentage: true }],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(json(patched)).toEqual({
      id: rule.id,
      name: 'Mine',
      searchStrings: ['mine', 'also mine'],
      categories: [{ id: 1, categoryId: cat.alice.get('Dining Out'), amount: 12.5, percentage: false }, { id: 2, categoryId: cat.alice.get('Groceries'), amount: 100, percentage: true }],
    });
    expect((await call(alice, 'DELETE', `auto-assignments/${rule.id}`)).statusCode).toBe(204);
    expect((await call(alice, 'DELETE', `auto-assignments/${rule.id}`)).statusCode).toBe(404);
  });

  test('rules live in the stream rules-<userId>, never in the budget stream', async () => {
    const id = await userId(alice);
    const budgetBefore = await streamEvents(`budget-${id}`);
    const rule = json(await call(alice, 'POST', 'auto-assignments', { name: 'Stream', searchStrings: ['stream'], categories: [] }));
    await call(alice, 'DELETE', `auto-assignments/${rule.id}`);
    expect((await streamEvents(`rules-${id}`)).slice(-2)).toEqual(['AutoAssignmentAdded', 'AutoAssignmentDeleted']);
    expect(await streamEvents(`budget-${id}`)).toEqual(budgetBefore);
  });
});

describe('rules applied to an OFX import (rules 1 and 5)', () => {
  test('CITY GROCER −10.00 by 33.33/33.33/33.34 % → −3.33, −3.33, −3.34, the longest string wins, the rule is the actor and the log names it', async () => {
    const [a, b, c] = ['Groceries', 'Entertainment', 'Dining Out'].map((name) => cat.alice.get(name)!);
    const grocer = json(
      await call(alice, 'POST', 'auto-assignments', {
        name: 'City grocer',
        searchStrings: ['city grocer'],
        categories: [
          { id: -1, categoryId: a, amount: 33.33, percentage: true },
          { id: -2, categoryId: b, amount: 33.33, percentage: true },
          { id: -3, categoryId: c, amount: 33.34, percentage: true },
        ],
      }),
    );
    // A shorter string of another rule also matches "CITY GROCER": the longer one wins.
    const shorter = json(await call(alice, 'POST', 'auto-assignments', { name: 'A grocer', searchStrings: ['GROCER'], categories: [{ id: -1, categoryId: c, amount: 100, percentage: true }] }));
    const account = json(
      await call(alice, 'POST', 'institution', {
        institution: { name: 'Rule Bank' },
        accounts: [{ name: 'Checking', balance: 500, type: 'depository', subtype: 'checking', tracking: 'Transactions' }],
        startDate: '2025-03-01',
      }),
    ).data.accounts[0].id as string;
    const before = { a: await balanceOf(alice, 'Groceries'), b: await balanceOf(alice, 'Entertainment'), c: await balanceOf(alice, 'Dining Out'), u: await balanceOf(alice, 'Unassigned') };

    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/v1/account/${account}/ofx`,
      payload: ofx([{ fitid: 'G1', amount: '-10.00', name: 'CITY GROCER #12' }, { fitid: 'C1', amount: '-4.75', name: 'COFFEE' }]),
      headers: { authorization: `Bearer ${alice.access}`, 'content-type': 'application/x-ofx' },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(json(imported).data.added).toBe(2);
    // Of the two new rows, only COFFEE (no rule claims it) is left in Unassigned.
    expect(json(imported).data.unassigned).toBe(1);

    // Rule 1: TRNAMT −10.00 is stored as −10.00; rule 5: split in cents, the last row takes the remainder.
    expect(await balanceOf(alice, 'Groceries')).toBeCloseTo(before.a - 3.33, 2);
    expect(await balanceOf(alice, 'Entertainment')).toBeCloseTo(before.b - 3.33, 2);
    expect(await balanceOf(alice, 'Dining Out')).toBeCloseTo(before.c - 3.34, 2);
    // The row no rule claims lands in Unassigned (rule 2).
    expect(await balanceOf(alice, 'Unassigned')).toBeCloseTo(before.u - 4.75, 2);

    const { rows } = await t.db.pool.query<{ stream_id: string; actor: string; name: string; auto: { ruleId: string; searchString: string } | null; splits: { categoryId: string; amount: number }[] }>(
      `SELECT stream_id, metadata->>'actor' AS actor, data->'account'->>'name' AS name, data->'autoAssignment' AS auto, data->'splits' AS splits
         FROM es_events WHERE type = 'TransactionRecorded' AND data->'account'->>'accountId' = $1 AND data->>'kind' = 'regular' ORDER BY position`,
      [account],
    );
    const grocerRow = rows.find((r) => r.name === 'CITY GROCER #12')!;
    expect(grocerRow.actor).toBe(`rule:${grocer.id}`);
    expect(grocerRow.auto).toMatchObject({ ruleId: grocer.id, searchString: 'city grocer' });
    expect(grocerRow.splits.map((s) => [s.categoryId, s.amount])).toEqual([[a, -333], [b, -333], [c, -334]]);
    expect(rows.find((r) => r.name === 'COFFEE')!.actor).toBe('ofx');
    expect(shorter.id).not.toBe(grocer.id);

    const logs = json(await call(alice, 'GET', 'transaction-logs')) as { message: string; actor: string; transactionId: string }[];
    const line = logs.find((l) => l.actor === `rule:${grocer.id}`);
    expect(line?.message).toBe('Rule "City grocer" (matched "city grocer") assigned "CITY GROCER #12" -10.00 to Food:Groceries -3.33, Entertainment -3.33, Food:Dining Out -3.34 from the OFX import');
  });
});

describe('rules applied to a CSV import', () => {
  test('a CSV row a rule claims is split by it, recorded by the rule, and logged as from the CSV import', async () => {
    const [fuel, misc] = ['Gasoline', 'Miscellaneous'].map((name) => cat.alice.get(name)!);
    const rule = json(
      await call(alice, 'POST', 'auto-assignments', {
        name: 'Fuel',
        searchStrings: ['petrol'],
        categories: [{ id: -1, categoryId: misc, amount: 5, percentage: false }, { id: -2, categoryId: fuel, amount: 100, percentage: true }],
      }),
    );
    const account = json(
      await call(alice, 'POST', 'institution', {
        institution: { name: 'CSV Bank' },
        accounts: [{ name: 'Checking', balance: 300, type: 'depository', subtype: 'checking', tracking: 'Transactions' }],
        startDate: '2025-03-01',
      }),
    ).data.accounts[0].id as string;
    const before = { fuel: await balanceOf(alice, 'Gasoline'), misc: await balanceOf(alice, 'Miscellaneous') };
    const imported = await call(alice, 'POST', `account/${account}/csv`, { text: 'Date,Payee,Amount\n03/05/2025,Shell PETROL 9,-45.10\n', mapping: { date: 0, payee: 1, amount: 2 } });
    expect(imported.statusCode, imported.body).toBe(201);
    // Fixed rows first (5.00, with the amount's sign), the percentage row takes the rest.
    expect(await balanceOf(alice, 'Miscellaneous')).toBeCloseTo(before.misc - 5, 2);
    expect(await balanceOf(alice, 'Gasoline')).toBeCloseTo(before.fuel - 40.1, 2);
    const logs = json(await call(alice, 'GET', 'transaction-logs')) as { message: string; actor: string }[];
    expect(logs.find((l) => l.actor === `rule:${rule.id}`)?.message).toBe('Rule "Fuel" (matched "petrol") assigned "Shell PETROL 9" -45.10 to Miscellaneous -5.00, Car:Gasoline -40.10 from the CSV import');
  });
});

describe('rules applied to bank-feed rows (rules 1, 4 and 5)', () => {
  test('a pending Plaid row a rule assigns to Dining posts at −23.50: the rule\'s split follows (Dining −23.50, nothing in Unassigned, the tipped bill), one transaction', async () => {
    const dining = cat.alice.get('Dining Out')!;
    const rule = json(await call(alice, 'POST', 'auto-assignments', { name: 'Cafe', searchStrings: ['corner cafe'], categories: [{ id: -1, categoryId: dining, amount: 100, percentage: true }] }));
    const account = json(
      await call(alice, 'POST', 'institution', {
        institution: { name: 'Feed Bank' },
        accounts: [{ name: 'Card', balance: 0, type: 'depository', subtype: 'checking', tracking: 'Transactions' }],
        startDate: '2025-03-01',
      }),
    ).data.accounts[0].id as string;
    const id = await userId(alice);
    const before = { dining: await balanceOf(alice, 'Dining Out'), unassigned: await balanceOf(alice, 'Unassigned') };
    // Rule 1: Plaid reports the purchase as +20.00; the feed hands the ledger our sign, −20.00.
    const pending: BankRow = { accountId: account, provider: 'plaid', providerTransactionId: 'p-1', pendingTransactionId: null, date: '2025-03-10', name: 'CORNER CAFE 42', amount: -2000, pending: true };
    const commands = t.app.get(CommandBus);
    // The rule claimed the new row: none is left in Unassigned.
    expect(await commands.execute(new RecordBankRowsCommand(id, [pending], []))).toMatchObject({ added: 1, unassigned: 0 });
    expect(await balanceOf(alice, 'Dining Out')).toBeCloseTo(before.dining - 20, 2);

    const { rows } = await t.db.pool.query<{ actor: string; auto: { searchString: string } | null }>(
      `SELECT metadata->>'actor' AS actor, data->'autoAssignment' AS auto FROM es_events WHERE type = 'TransactionRecorded' AND data->'account'->>'accountId' = $1 AND data->>'kind' = 'regular'`,
      [account],
    );
    expect(rows).toEqual([{ actor: `rule:${rule.id}`, auto: expect.objectContaining({ ruleId: rule.id, searchString: 'corner cafe' }) }]);

    // It posts at −23.50 under a new Plaid id naming the pending one: a rule's split is applied again
    // to the posted amount (README "The tipped bill"; only a hand-made split sends the difference to Unassigned).
    await commands.execute(new RecordBankRowsCommand(id, [{ ...pending, providerTransactionId: 'p-2', pendingTransactionId: 'p-1', amount: -2350, pending: false }], []));
    expect(await balanceOf(alice, 'Dining Out')).toBeCloseTo(before.dining - 23.5, 2);
    expect(await balanceOf(alice, 'Unassigned')).toBeCloseTo(before.unassigned, 2);
    const logs = json(await call(alice, 'GET', 'transaction-logs')) as { message: string }[];
    expect(logs.map((l) => l.message)).toContain('Rule "Cafe" (matched "corner cafe") assigned "CORNER CAFE 42" -20.00 to Food:Dining Out from the bank sync');
  });
});

describe('the preview of a draft rule and "apply to existing"', () => {
  test('the preview lists the Unassigned rows a draft would claim and the balance moves; applying assigns them in one write, logged with the rule', async () => {
    const groceries = cat.alice.get('Groceries')!;
    const account = json(
      await call(alice, 'POST', 'institution', {
        institution: { name: 'Preview Bank' },
        accounts: [{ name: 'Checking', balance: 800, type: 'depository', subtype: 'checking', tracking: 'Transactions' }],
        startDate: '2025-03-01',
      }),
    ).data.accounts[0].id as string;
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/v1/account/${account}/ofx`,
      payload: ofx([{ fitid: 'V1', amount: '-12.34', name: 'VALLEY BAKERY' }, { fitid: 'V2', amount: '-5.66', name: 'Valley Bakery 2' }, { fitid: 'V3', amount: '-3.00', name: 'PARKING' }]),
      headers: { authorization: `Bearer ${alice.access}`, 'content-type': 'application/x-ofx' },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    // No rule claims these rows (the one below is only a draft): all three stay in Unassigned.
    expect(json(imported).data).toMatchObject({ added: 3, unassigned: 3 });
    const before = { groceries: await balanceOf(alice, 'Groceries'), unassigned: await balanceOf(alice, 'Unassigned') };
    const draft = { searchStrings: ['valley bakery'], categories: [{ id: -1, categoryId: groceries, amount: 100, percentage: true }] };
    const query = `searchStrings=${encodeURIComponent('valley bakery')}&categories=${encodeURIComponent(JSON.stringify(draft.categories))}`;

    const previewed = await call(alice, 'GET', `auto-assignments/preview?${query}`);
    expect(previewed.statusCode, previewed.body).toBe(200);
    const preview = json(previewed).data;
    expect(preview.count).toBe(2);
    expect(preview.matches.map((m: { name: string; amount: number; searchString: string }) => [m.name, m.amount, m.searchString])).toEqual([
      ['Valley Bakery 2', -5.66, 'valley bakery'],
      ['VALLEY BAKERY', -12.34, 'valley bakery'],
    ]);
    expect(preview.balances).toEqual(
      expect.arrayContaining([
        { categoryId: cat.alice.get('Unassigned'), balance: before.unassigned, change: 18, after: Math.round((before.unassigned + 18) * 100) / 100 },
        { categoryId: groceries, balance: before.groceries, change: -18, after: Math.round((before.groceries - 18) * 100) / 100 },
      ]),
    );
    // The preview writes nothing; a draft without a search string is a 422 on it.
    expect(await balanceOf(alice, 'Groceries')).toBe(before.groceries);
    const blank = await call(alice, 'GET', `auto-assignments/preview?searchStrings=%20&categories=${encodeURIComponent('[]')}`);
    expect(blank.statusCode, blank.body).toBe(422);
    expect(json(blank).errors).toEqual([expect.objectContaining({ field: 'searchStrings' })]);

    const rule = json(await call(alice, 'POST', 'auto-assignments', { name: 'Bakery', ...draft }));
    expect((await call(bob, 'POST', `auto-assignments/${rule.id}/apply`)).statusCode).toBe(404);
    const applied = await call(alice, 'POST', `auto-assignments/${rule.id}/apply`);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(json(applied).data.assigned).toBe(2);
    expect(await balanceOf(alice, 'Groceries')).toBeCloseTo(before.groceries - 18, 2);
    expect(await balanceOf(alice, 'Unassigned')).toBeCloseTo(before.unassigned + 18, 2);

    const changed = await t.db.pool.query<{ actor: string }>(
      `SELECT metadata->>'actor' AS actor FROM es_events WHERE type = 'TransactionChanged' AND data ? 'autoAssignment' AND data->'autoAssignment'->>'ruleId' = $1`,
      [rule.id],
    );
    expect(changed.rows).toEqual([{ actor: `rule:${rule.id}` }, { actor: `rule:${rule.id}` }]);
    expect((await streamEvents(`rules-${await userId(alice)}`)).at(-1)).toBe('AutoAssignmentApplied');
    const logs = json(await call(alice, 'GET', 'transaction-logs')) as { message: string }[];
    expect(logs.map((l) => l.message)).toContain('Rule "Bakery" (matched "valley bakery") assigned "VALLEY BAKERY" -12.34 to Food:Groceries');

    // Applying again finds nothing left in Unassigned; PARKING was never claimed.
    expect(json(await call(alice, 'POST', `auto-assignments/${rule.id}/apply`)).data.assigned).toBe(0);
    expect(json(await call(alice, 'GET', `auto-assignments/preview?${query}`)).data.count).toBe(0);
  });
});
