import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenOnlineInstitution, RecordBankFeed } from '@budget/contracts';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { rebuildReadModels } from '@budget/platform';
import { reportingTables } from '@budget/reporting';
import { readModelProjections } from '../read-model-projections.js';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * Property (docs/architecture.md §4 "Reports"): whatever sequence of writes a user makes (manual
 * rows on accounts of each tracking mode, edits of amount, date and categories, deletes, fundings,
 * tracking changes, start-date moves and categories made bills or everyday again), every report
 * answers what a naive computation from the ledger's own read tables (its transactions and
 * accounts) gives, over ranges whose edges fall inside months — budget progress's days and day
 * routes what the spec route answers — and a rebuild from the log gives the same reporting rows
 * (the progress sums among them). Both projection modes.
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 12);
const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);
const CATEGORIES = ['Groceries', 'Dining Out', 'Account Transfer', 'Gasoline', 'Electric'];
const PAYEES = ['alpha', 'bravo', 'charlie'];
/** Days of 2025 from Jan 1 (0) to Apr 30 (119). */
const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n)).toISOString().slice(0, 10);
const cents = fc.integer({ min: -50_000, max: 50_000 });
/** A row's day: any, or often one of a few, so that rows share days (budget progress counts a day's rows). */
const rowDay = fc.oneof({ weight: 3, arbitrary: fc.nat(119) }, { weight: 2, arbitrary: fc.constantFrom(10, 11, 45) });

const command = fc.oneof(
  { weight: 6, arbitrary: fc.record({ k: fc.constant('manual' as const), acct: fc.nat(2), day: rowDay, amount: cents, payee: fc.nat(2), cats: fc.array(fc.nat(CATEGORIES.length - 1), { maxLength: 2 }), principle: fc.option(cents) }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('edit' as const), tx: fc.nat(), amount: fc.option(cents), day: fc.option(rowDay), cat: fc.option(fc.nat(CATEGORIES.length - 1)) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('delete' as const), tx: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('funding' as const), day: rowDay, amount: fc.integer({ min: 1, max: 50_000 }), cat: fc.nat(CATEGORIES.length - 1) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('tracking' as const), acct: fc.nat(2), tracking: fc.constantFrom('Transactions', 'Uncategorized Transactions', 'Balances') }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('startDate' as const), acct: fc.nat(2), day: fc.nat(60) }) },
  // A sync's rows on a linked account: a Plaid id sent again is a modification (amount, date, pending).
  { weight: 1, arbitrary: fc.record({ k: fc.constant('deleteAccount' as const), acct: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('deleteInstitution' as const), linked: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('bank' as const), plaid: fc.nat(3), day: rowDay, amount: cents, pending: fc.boolean() }) },
  // A category becomes a bill or an everyday one again: budget progress decides that when it is read.
  { weight: 1, arbitrary: fc.record({ k: fc.constant('retype' as const), cat: fc.constantFrom('Groceries', 'Dining Out', 'Electric'), type: fc.constantFrom('REGULAR', 'BILL') }) },
);
/** Plaid's channel of a bank row, fixed by its Plaid id; its name tells the oracle the channel. */
const CHANNELS = ['in store', 'online', 'other'];
const bankName = (plaid: number) => `bank${plaid % 3}`;
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

interface LedgerRow {
  id: string;
  type: number;
  date: string;
  deleted: boolean;
  account_id: string | null;
  name: string | null;
  amount_cents: string | null;
  principle_cents: string | null;
  pending: boolean;
  splits: { categoryId: string; amount: number }[];
}
interface AccountRow {
  id: string;
  type: string;
  tracking: string;
  start_date: string;
  closed: boolean;
  opening_balance_cents: string;
}

describe.each([
  ['inline', RUNS],
  ['async', Math.max(1, Math.ceil(RUNS / 3))],
] as const)('reports property with %s projection', (mode, runs) => {
  let t: ApiTestApp;
  let user: SignedUpUser;
  beforeAll(async () => {
    t = await startApiTestApp(mode === 'async' ? { PROJECTION: 'async' } : {});
    // One user for every run (sign-ups are rate limited per address): each run opens new accounts,
    // and the reports, like the oracle, cover everything the user has written so far.
    user = await signUp(t.http, t.mail, `rprop_${mode}`);
  });
  afterAll(async () => t?.close());
  const userId = () => JSON.parse(Buffer.from(user.access.split('.')[1]!, 'base64url').toString()).sub as string;

  async function world() {
    const categories = (await t.http.get('groups', user.access)).json().data.categories as { id: string; name: string; groupId: string }[];
    const cat = (name: string) => categories.find((c) => c.name === name)!.id;
    const groupOf = (name: string) => categories.find((c) => c.name === name)!.groupId;
    const opened = await t.http.post(
      'institution',
      { institution: { name: 'Bank' }, startDate: '2025-01-01', accounts: [
        { name: 'Checking', balance: 500, type: 'depository', subtype: 'checking', tracking: 'Transactions' },
        { name: 'Card', balance: -100, type: 'credit', subtype: 'credit card', tracking: 'Transactions' },
        { name: 'Loan', balance: -3000, type: 'loan', subtype: 'auto', tracking: 'Uncategorized Transactions' },
      ] },
      user.access,
    );
    expect(opened.status, opened.body).toBe(201);
    const accounts = (opened.json().data.accounts as { id: string }[]).map((a) => a.id);
    const offline = opened.json().data.id as string;
    const institutionId = randomUUID();
    const plaidAccountId = `plaid-${randomUUID()}`;
    await t.app.get(CommandBus).execute(new OpenOnlineInstitution(userId(), institutionId, 'Online', 'ins_1', '2025-01-01', [
      { plaidAccountId, name: 'Linked', officialName: null, mask: null, plaidType: 'depository', plaidSubtype: 'checking', tracking: null, balanceCents: 0 },
    ]));
    return { cat, groupOf, accounts, offline, institutionId, plaidAccountId };
  }

  async function run({ cat, groupOf, accounts, offline, institutionId, plaidAccountId }: Awaited<ReturnType<typeof world>>, commands: Command[]) {
    const txs: string[] = [];
    const tracking = ['Transactions', 'Transactions', 'Uncategorized Transactions'];
    const starts = ['2025-01-01', '2025-01-01', '2025-01-01'];
    for (const c of commands) {
      switch (c.k) {
        case 'manual': {
          const cats = [...new Set(c.cats)];
          const shares = cats.map((_, i) => (i === cats.length - 1 ? c.amount - Math.trunc(c.amount / cats.length) * (cats.length - 1) : Math.trunc(c.amount / cats.length)));
          const body = {
            date: day(c.day), name: PAYEES[c.payee], amount: c.amount / 100,
            ...(c.acct === 2 && c.principle !== null && { principle: c.principle / 100 }),
            categories: cats.map((k, i) => ({ categoryId: cat(CATEGORIES[k]!), amount: shares[i]! / 100 })),
          };
          const response = await t.http.post(`account/${accounts[c.acct]}/transactions`, body, user.access);
          if (response.status === 201) txs.push(response.json().transaction.id);
          break;
        }
        case 'edit': {
          if (txs.length === 0) break;
          const id = txs[c.tx % txs.length]!;
          const { rows } = await t.db.pool.query<{ version: number; amount_cents: string | null; deleted: boolean }>('SELECT version, amount_cents, deleted FROM ledger_transactions WHERE id = $1', [id]);
          if (!rows[0] || rows[0].deleted) break;
          const amount = c.amount ?? Number(rows[0].amount_cents);
          await t.http.patch(`transaction/${id}`, {
            version: rows[0].version, ...(c.day !== null && { date: day(c.day) }), amount: amount / 100,
            categories: c.cat === null ? [] : [{ categoryId: cat(CATEGORIES[c.cat]!), amount: amount / 100 }],
          }, user.access);
          break;
        }
        case 'delete':
          if (txs.length > 0) await t.http.delete(`transaction/${txs[c.tx % txs.length]}`, user.access);
          break;
        case 'funding':
          await t.http.post('category-transfer', { date: day(c.day), type: 2, categories: [
            { categoryId: cat(CATEGORIES[c.cat]!), amount: c.amount / 100, baseAmount: c.amount / 100 },
            { categoryId: cat('Funding Pool'), amount: -c.amount / 100, funder: true },
          ] }, user.access);
          break;
        case 'tracking':
          if ((await t.http.patch(`account/${accounts[c.acct]}`, { startDate: starts[c.acct], tracking: c.tracking }, user.access)).status === 200) tracking[c.acct] = c.tracking;
          break;
        case 'startDate':
          if ((await t.http.patch(`account/${accounts[c.acct]}`, { startDate: day(c.day), tracking: tracking[c.acct] }, user.access)).status === 200) starts[c.acct] = day(c.day);
          break;
        case 'deleteAccount':
          await t.http.delete(`institution/${offline}/accounts/${accounts[c.acct]}`, user.access);
          break;
        case 'deleteInstitution':
          await t.http.delete(`institution/${c.linked ? institutionId : offline}`, user.access);
          break;
        case 'bank': {
          const prefix = plaidAccountId.slice(-8);
          await t.app.get(CommandBus).execute(new RecordBankFeed(userId(), institutionId, [{
            plaidAccountId, transactionId: `${prefix}-${c.plaid}`, pendingTransactionId: null, date: day(c.day), name: bankName(c.plaid),
            amountCents: c.amount, pending: c.pending, paymentChannel: CHANNELS[c.plaid % 3]!,
          }], []));
          break;
        }
        case 'retype':
          await t.http.patch(`groups/${groupOf(c.cat)}/categories/${cat(c.cat)}`, { type: c.type }, user.access);
          break;
        default: {
          const unknown: never = c;
          throw new Error(`unknown command ${JSON.stringify(unknown)}`);
        }
      }
    }
  }

  /** Every report against the same numbers worked out row by row from the ledger's tables. */
  async function check(user: SignedUpUser, userId: string, ranges: [number, number][]) {
    const { rows: txs } = await t.db.pool.query<LedgerRow>(
      `SELECT id, type, to_char(date, 'YYYY-MM-DD') AS date, deleted, account_id, name, amount_cents, principle_cents, pending, splits
         FROM ledger_transactions WHERE user_id = $1`, [userId]);
    const { rows: accounts } = await t.db.pool.query<AccountRow>(
      `SELECT id, type, tracking, to_char(start_date, 'YYYY-MM-DD') AS start_date, closed, opening_balance_cents FROM ledger_accounts WHERE user_id = $1`, [userId]);
    const { rows: cats } = await t.db.pool.query<{ id: string; name: string; type: string; group_name: string; group_type: string }>(
      `SELECT c.id, c.name, c.type, g.name AS group_name, g.type AS group_type FROM budget_categories c JOIN budget_groups g ON g.user_id = c.user_id AND g.id = c.group_id WHERE c.user_id = $1`, [userId]);
    const account = new Map(accounts.map((a) => [a.id, a]));
    // A deleted account or institution leaves nothing behind in the reporting tables.
    for (const table of reportingTables) {
      const { rows } = await t.db.pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${table} r WHERE r.user_id = $1 AND r.account_id IS NOT NULL AND r.account_id <> '00000000-0000-0000-0000-000000000000'
            AND NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = r.account_id)`, [userId]);
      expect(Number(rows[0]!.n), `${table} rows of deleted accounts`).toBe(0);
    }
    const category = new Map(cats.map((c) => [c.id, c]));
    const transfer = cats.find((c) => c.type === 'ACCOUNT TRANSFER')!.id;
    const dollars = (n: number) => Math.round(n) / 100;
    // A row's sum per category, a category whose lines are all zero left out (its register leaves it out).
    const perCategory = (tx: LedgerRow) => {
      const sums = new Map<string, number>();
      for (const s of tx.splits) sums.set(s.categoryId, (sums.get(s.categoryId) ?? 0) + s.amount);
      return [...sums].filter(([id]) => tx.splits.some((s) => s.categoryId === id && s.amount !== 0));
    };
    const counted = (tx: LedgerRow) => tx.account_id === null || (account.get(tx.account_id)!.tracking === 'Transactions' && tx.date >= account.get(tx.account_id)!.start_date);
    const get = async (path: string) => {
      const response = await t.http.get(path, user.access);
      expect(response.status, `${path}: ${response.body}`).toBe(200);
      return response.json();
    };
    for (const [a, b] of ranges) {
      const [from, to] = [day(Math.min(a, b)), day(Math.max(a, b))];
      const inRange = (tx: LedgerRow) => tx.date >= from && tx.date <= to;
      const live = txs.filter((tx) => !tx.deleted && inRange(tx));

      const payees = new Map<string, { sum: number; count: number }>();
      for (const tx of live) {
        if ((tx.type !== 0 && tx.type !== 5) || tx.pending || account.get(tx.account_id!)!.closed) continue;
        // A payee's sum leaves the Account Transfer part out; a row wholly in it is a transfer, no payee's.
        const transferPart = tx.splits.filter((s) => s.categoryId === transfer).reduce((sum, s) => sum + s.amount, 0);
        if (transferPart !== 0 && transferPart === Number(tx.amount_cents)) continue;
        const row = payees.get(tx.name!) ?? { sum: 0, count: 0 };
        payees.set(tx.name!, { sum: row.sum + Number(tx.amount_cents) - transferPart, count: row.count + 1 });
      }
      expect(await get(`reports/payee?startDate=${from}&endDate=${to}`), `payee ${from}..${to}`).toEqual(
        [...payees].sort(([x], [y]) => (x < y ? -1 : 1)).map(([name, r], i) => ({ rowNumber: i + 1, name, paymentChannel: name.startsWith('bank') ? CHANNELS[Number(name.slice(4))] : 'unknown', count: r.count, sum: dollars(r.sum) })));

      const byCategory = new Map<string, { sum: number; count: number }>();
      for (const tx of live) {
        if ((tx.type !== 0 && tx.type !== 5) || !counted(tx)) continue;
        for (const [id, sum] of perCategory(tx)) {
          const row = byCategory.get(id) ?? { sum: 0, count: 0 };
          byCategory.set(id, { sum: row.sum + sum, count: row.count + 1 });
        }
      }
      const key = (id: string) => [category.get(id)!.group_name, category.get(id)!.name, id] as const;
      const order = (x: string, y: string) => { const [p, q] = [key(x), key(y)]; return p[0] !== q[0] ? (p[0] < q[0] ? -1 : 1) : p[1] !== q[1] ? (p[1] < q[1] ? -1 : 1) : p[2] < q[2] ? -1 : 1; };
      expect(await get(`reports/category?startDate=${from}&endDate=${to}`), `category ${from}..${to}`).toEqual(
        [...byCategory.keys()].sort(order).map((id, i) => ({ rowNumber: i + 1, groupName: category.get(id)!.group_name, categoryName: category.get(id)!.name, sum: dollars(byCategory.get(id)!.sum), count: byCategory.get(id)!.count })));

      const months = new Map<string, [number, number]>();
      for (const tx of live) {
        if (tx.account_id === null || tx.type === 4 || tx.pending || !counted(tx)) continue;
        const amount = Number(tx.amount_cents);
        const net = amount - tx.splits.filter((s) => s.categoryId === transfer).reduce((s, x) => s + x.amount, 0);
        const m = months.get(tx.date.slice(0, 7)) ?? [0, 0];
        months.set(tx.date.slice(0, 7), amount >= 0 ? [m[0] + net, m[1]] : [m[0], m[1] + net]);
      }
      expect(await get(`reports/income-vs-expenses?startDate=${from}&endDate=${to}`), `income ${from}..${to}`).toEqual(
        [...months].sort(([x], [y]) => (x < y ? -1 : 1)).map(([m, [i, e]]) => [m, dollars(i), dollars(e), dollars(i + e)]));

      // Net worth day by day: each account's opening balance plus its posted, live moves from its start date.
      const table = (await get(`reports/networth?startDate=${from}&endDate=${to}`)) as (string | number)[][];
      const labels: Record<string, string> = { depository: 'Depository', credit: 'Credit', loan: 'Loan', investment: 'Investment' };
      const types = Object.keys(labels).filter((type) => accounts.some((acc) => acc.type === type));
      expect(table[0]).toEqual(['date', ...types.map((type) => labels[type])]);
      for (const row of table.slice(1)) {
        const d = row[0] as string;
        const expected = types.map((type) => dollars(accounts.filter((acc) => acc.type === type).reduce((sum, acc) => {
          if (acc.tracking === 'Balances') return sum;
          const moves = txs.filter((tx) => tx.account_id === acc.id && !tx.deleted && !tx.pending && tx.type !== 4 && tx.date >= acc.start_date && tx.date <= d);
          return sum + Number(acc.opening_balance_cents) + moves.reduce((s, tx) => s + Number(acc.type === 'loan' ? (tx.principle_cents ?? tx.amount_cents) : tx.amount_cents), 0);
        }, 0)));
        expect(row, `net worth on ${d}`).toEqual([d, ...expected]);
      }
    }
    // Funding history over the four months, and budget progress for each of them.
    const funded = new Map<string, Map<string, number>>();
    for (const tx of txs) {
      if (tx.deleted || tx.type !== 2) continue;
      for (const [id, sum] of perCategory(tx)) {
        const months = funded.get(id) ?? new Map<string, number>();
        months.set(tx.date.slice(0, 7), (months.get(tx.date.slice(0, 7)) ?? 0) + sum);
        funded.set(id, months);
      }
    }
    const history = (await get('reports/funding-history?endDate=2025-04-30')) as { categoryId: string; history: { year: number; month: number; amount: number }[] | null }[];
    expect(history.map((r) => r.categoryId).sort()).toEqual(cats.filter((c) => c.type !== 'FUNDING POOL').map((c) => c.id).sort());
    for (const row of history) {
      const months = funded.get(row.categoryId);
      expect(row.history, `funding of ${category.get(row.categoryId)!.name}`).toEqual(
        months ? [...months].sort(([x], [y]) => (x < y ? -1 : 1)).map(([m, sum]) => ({ year: 2025, month: Number(m.slice(5)), amount: dollars(sum) })) : null);
    }
    const everyday = new Set(cats.filter((c) => (c.group_type === 'REGULAR' || c.group_type === 'NO GROUP') && (c.type === 'REGULAR' || c.type === 'GOAL')).map((c) => c.id));
    for (const month of [1, 2, 3, 4]) {
      const prefix = `2025-0${month}`;
      const lines = txs.filter((tx) => !tx.deleted && tx.date.startsWith(prefix) && counted(tx))
        .flatMap((tx) => perCategory(tx).filter(([id]) => everyday.has(id)).map(([, sum]) => ({ tx, sum })));
      let running = lines.filter((l) => l.tx.type === 2).reduce((s, l) => s + l.sum, 0);
      const days = new Map<string, { sum: number; ids: Set<string> }>();
      for (const l of lines) {
        if (l.tx.type === 2 || l.tx.type === 3 || l.tx.type === 4) continue;
        const d = days.get(l.tx.date) ?? { sum: 0, ids: new Set<string>() };
        d.sum += l.sum;
        d.ids.add(l.tx.id);
        days.set(l.tx.date, d);
      }
      const expected = [...days].sort(([x], [y]) => (x < y ? -1 : 1)).map(([d, v]) => {
        running += v.sum;
        return [d, dollars(running), [...v.ids].sort()];
      });
      const spec = await get(`reports/budget-progress?m=${month}-2025`);
      expect(spec, `budget progress ${month}-2025`).toEqual(expected);
      // Our client's form (docs/architecture.md §4.7): the spec route's days and left, each day's
      // count of its ids, from the per-day sums; each day's ids exactly the spec route's.
      const funded = lines.filter((l) => l.tx.type === 2).reduce((s, l) => s + l.sum, 0);
      expect(await get(`reports/budget-progress/days?m=${month}-2025`), `budget progress days ${month}-2025`).toEqual({
        funded: dollars(funded),
        days: (spec as [string, number, string[]][]).map(([date, left, ids]) => ({ date, left, count: ids.length })),
      });
      for (const [date, , ids] of spec as [string, number, string[]][]) {
        expect(await get(`reports/budget-progress/day?date=${date}`), `budget progress day ${date}`).toEqual({ date, ids });
      }
    }
  }

  it(`every report equals a naive computation from the ledger's tables over ${runs} command sequences (seed ${SEED}), and rebuild = live`, async () => {
    console.log(`reports property (${mode}): ${runs} runs, seed ${SEED} (PROPERTY_SEED=${SEED} PROPERTY_RUNS=${RUNS} to replay)`);
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), fc.array(fc.tuple(fc.nat(119), fc.nat(119)), { minLength: 1, maxLength: 2 }), async (commands, ranges) => {
        const w = await world();
        await run(w, commands);
        await check(user, userId(), ranges);
      }),
      { numRuns: runs, seed: SEED, endOnFailure: true },
    );
    const snapshot = async () => {
      const out: Record<string, unknown[]> = {};
      for (const table of reportingTables) out[table] = (await t.db.pool.query(`SELECT * FROM ${table} AS row ORDER BY row::text`)).rows;
      return out;
    };
    const live = await snapshot();
    // The writes went through: most runs record rows (a run of refused commands would prove nothing).
    expect(live.reporting_facts!.length).toBeGreaterThan(runs);
    await t.pauseProjector();
    await rebuildReadModels({ pool: t.db.pool, store: t.store, projections: readModelProjections });
    expect(await snapshot()).toEqual(live);
    await t.resumeProjector();
  }, 1_800_000);
});
