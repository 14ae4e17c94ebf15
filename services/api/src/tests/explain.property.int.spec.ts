import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenOnlineInstitution, RecordBankFeed } from '@budget/contracts';
import { signUp, type SignedUpUser } from '@budget/identity/testing';
import { jobCause, withCause } from '@budget/platform';
import { startApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

/**
 * Property (README "Every cent explained"): whatever a user does — manual rows, edits and deletes,
 * fundings and rebalances, bank syncs with pending rows posted, modified and removed, duplicates
 * resolved, rules applied to existing rows and undone, start-date and tracking moves, balance
 * entries — every category's and every account's explanation walks from its opening balance
 * through its causes to a closing balance equal to the register's balance to the cent; a walk
 * over a range starts where the walk up to the day before ends and ends where the walk up to its
 * last day ends; and every event that moved money has its log line, with its action's correlation
 * id and its command id. Both projection modes.
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 20);
const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);
const CATEGORIES = ['Groceries', 'Dining Out', 'Gasoline', 'Electric'];
/** Days of 2025 from Jan 1 (0) to Mar 31 (89). */
const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n)).toISOString().slice(0, 10);
const cents = fc.integer({ min: -50_000, max: 50_000 }).filter((c) => c !== 0);
const BANK_NAMES = ['PIZZA PLACE', 'FUEL STOP', 'MARKET'];

const command = fc.oneof(
  // acct 2 is the linked account: a bank row of the same amount a few days off matches the typed row (or is flagged a duplicate).
  { weight: 5, arbitrary: fc.record({ k: fc.constant('manual' as const), acct: fc.nat(2), day: fc.nat(89), amount: fc.oneof(cents, fc.constantFrom(-1250, -4567, 2000)), cats: fc.array(fc.nat(CATEGORIES.length - 1), { maxLength: 2 }) }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('edit' as const), tx: fc.nat(), amount: fc.option(cents), day: fc.option(fc.nat(89)), cat: fc.option(fc.nat(CATEGORIES.length - 1)) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('delete' as const), tx: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('funding' as const), day: fc.nat(89), amount: fc.integer({ min: 1, max: 50_000 }), cat: fc.nat(CATEGORIES.length - 1) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('rebalance' as const), day: fc.nat(89), amount: fc.integer({ min: 1, max: 20_000 }), from: fc.nat(CATEGORIES.length - 1), to: fc.nat(CATEGORIES.length - 1) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('startDate' as const), acct: fc.nat(1), day: fc.nat(40) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('tracking' as const), acct: fc.nat(1), tracking: fc.constantFrom('Transactions', 'Uncategorized Transactions', 'Balances') }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('balance' as const), acct: fc.nat(1), day: fc.nat(89), amount: cents }) },
  // A sync: a Plaid id sent again is a modification; a posted row may replace a pending one; a removal.
  { weight: 3, arbitrary: fc.record({ k: fc.constant('bank' as const), plaid: fc.nat(5), day: fc.nat(89), amount: fc.oneof(cents, fc.constantFrom(-1250, -4567, 2000)), pending: fc.boolean(), replaces: fc.option(fc.nat(5)), name: fc.nat(BANK_NAMES.length - 1) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('bankRemove' as const), plaid: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('dedup' as const), tx: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('ruleApply' as const), name: fc.nat(BANK_NAMES.length - 1), cat: fc.nat(CATEGORIES.length - 1) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('ruleUndo' as const), n: fc.nat() }) },
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

/** Events whose projection moves money (or says what an action did): each has its log line. */
const LOGGED = new Set([
  'TransactionRecorded', 'TransactionChanged', 'TransactionDeleted', 'TransactionRestored', 'TransactionDuplicateCleared',
  'AccountOpened', 'AccountStartDateChanged', 'AccountTrackingChanged', 'BalanceRecorded', 'BalanceChanged', 'BalanceRemoved', 'AccountDeleted',
]);

interface Explanation {
  from: string | null;
  to: string | null;
  openingBalance: number;
  causes: { cause: string; total: number; count: number; items: { id: string; amount: number; events: { id: string }[] }[] }[];
  closingBalance: number;
  registerBalance: number;
}

const toCents = (dollars: number) => Math.round(dollars * 100);
/** What the runs exercised (printed at the end): causes walked, event types logged. */
const seen = { causes: new Map<string, number>(), events: new Map<string, number>(), commands: new Map<string, number>() };
const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

describe.each([
  ['inline', RUNS],
  ['async', Math.max(1, Math.ceil(RUNS / 3))],
] as const)('explanation property with %s projection', (mode, runs) => {
  let t: ApiTestApp;
  let user: SignedUpUser;
  beforeAll(async () => {
    t = await startApiTestApp(mode === 'async' ? { PROJECTION: 'async' } : {});
    user = await signUp(t.http, t.mail, `explain_${mode}`);
  });
  afterAll(async () => t?.close());
  const userId = () => JSON.parse(Buffer.from(user.access.split('.')[1]!, 'base64url').toString()).sub as string;

  async function world() {
    const categories = (await t.http.get('groups', user.access)).json().data.categories as { id: string; name: string }[];
    const cat = (name: string) => categories.find((c) => c.name === name)!.id;
    const opened = await t.http.post(
      'institution',
      { institution: { name: 'Bank' }, startDate: '2025-01-01', accounts: [
        { name: 'Checking', balance: 500, type: 'depository', subtype: 'checking', tracking: 'Transactions' },
        { name: 'Loan', balance: -3000, type: 'loan', subtype: 'auto', tracking: 'Uncategorized Transactions' },
      ] },
      user.access,
    );
    expect(opened.status, opened.body).toBe(201);
    const accounts = (opened.json().data.accounts as { id: string; name: string }[]).sort((a, b) => (a.name < b.name ? -1 : 1)).map((a) => a.id).reverse();
    const institutionId = randomUUID();
    const plaidAccountId = `plaid-${randomUUID()}`;
    await t.app.get(CommandBus).execute(new OpenOnlineInstitution(userId(), institutionId, 'Online', 'ins_1', '2025-01-01', [
      { plaidAccountId, name: 'Linked', officialName: null, mask: null, plaidType: 'depository', plaidSubtype: 'checking', tracking: null, balanceCents: 0 },
    ]));
    const { rows: linked } = await t.db.pool.query<{ id: string }>('SELECT id FROM ledger_accounts WHERE plaid_account_id = $1', [plaidAccountId]);
    // The categories the commands can move: the chosen ones and the system categories.
    const moved = [...CATEGORIES, 'Unassigned', 'Funding Pool', 'Account Transfer'].map(cat);
    return { cat, accounts: [...accounts, linked[0]!.id], institutionId, plaidAccountId, categories: moved };
  }

  async function run({ cat, accounts, institutionId, plaidAccountId }: Awaited<ReturnType<typeof world>>, commands: Command[]) {
    const txs: string[] = [];
    const tracking = ['Transactions', 'Uncategorized Transactions', 'Transactions'];
    const starts = ['2025-01-01', '2025-01-01', '2025-01-01'];
    const applications: { rule: string; application: string }[] = [];
    const prefix = plaidAccountId.slice(-8);
    const feed = async (rows: ConstructorParameters<typeof RecordBankFeed>[2], removals: ConstructorParameters<typeof RecordBankFeed>[3]) =>
      withCause(jobCause('test-sync', randomUUID()), () => t.app.get(CommandBus).execute(new RecordBankFeed(userId(), institutionId, rows, removals)));
    for (const c of commands) {
      switch (c.k) {
        case 'manual': {
          const cats = [...new Set(c.cats)];
          const shares = cats.map((_, i) => (i === cats.length - 1 ? c.amount - Math.trunc(c.amount / cats.length) * (cats.length - 1) : Math.trunc(c.amount / cats.length)));
          const body = { date: day(c.day), name: BANK_NAMES[Math.abs(c.amount) % BANK_NAMES.length], amount: c.amount / 100, categories: cats.map((k, i) => ({ categoryId: cat(CATEGORIES[k]!), amount: shares[i]! / 100 })) };
          const response = await t.http.post(`account/${accounts[c.acct]}/transactions`, body, user.access);
          count(seen.commands, `manual ${response.status}`);
          if (response.status === 201) txs.push(response.json().transaction.id);
          break;
        }
        case 'edit': {
          if (txs.length === 0) break;
          const id = txs[c.tx % txs.length]!;
          const { rows } = await t.db.pool.query<{ version: number; amount_cents: string | null; deleted: boolean }>('SELECT version, amount_cents, deleted FROM ledger_transactions WHERE id = $1', [id]);
          if (!rows[0] || rows[0].deleted) break;
          const amount = c.amount ?? Number(rows[0].amount_cents);
          const edited = await t.http.patch(`transaction/${id}`, {
            version: rows[0].version, ...(c.day !== null && { date: day(c.day) }), amount: amount / 100,
            categories: c.cat === null ? [] : [{ categoryId: cat(CATEGORIES[c.cat]!), amount: amount / 100 }],
          }, user.access);
          count(seen.commands, `edit ${edited.status}`);
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
        case 'rebalance':
          if (c.from === c.to) break;
          await t.http.post('category-transfer', { date: day(c.day), type: 3, categories: [
            { categoryId: cat(CATEGORIES[c.to]!), amount: c.amount / 100 },
            { categoryId: cat(CATEGORIES[c.from]!), amount: -c.amount / 100 },
          ] }, user.access);
          break;
        case 'tracking':
          if ((await t.http.patch(`account/${accounts[c.acct]}`, { startDate: starts[c.acct], tracking: c.tracking }, user.access)).status === 200) tracking[c.acct] = c.tracking;
          break;
        case 'startDate':
          if ((await t.http.patch(`account/${accounts[c.acct]}`, { startDate: day(c.day), tracking: tracking[c.acct] }, user.access)).status === 200) starts[c.acct] = day(c.day);
          break;
        case 'balance':
          if (tracking[c.acct] === 'Balances') await t.http.post(`account/${accounts[c.acct]}/balances`, { date: day(c.day), amount: c.amount / 100 }, user.access);
          break;
        case 'bank':
          await feed([{
            plaidAccountId, transactionId: `${prefix}-${c.plaid}`, pendingTransactionId: c.replaces === null || c.pending ? null : `${prefix}-${c.replaces}`,
            date: day(c.day), name: BANK_NAMES[c.name]!, amountCents: c.amount, pending: c.pending,
          }], []);
          break;
        case 'bankRemove':
          await feed([], [{ plaidAccountId, transactionId: `${prefix}-${c.plaid}` }]);
          break;
        case 'dedup': {
          const { rows } = await t.db.pool.query<{ id: string; version: number }>('SELECT id, version FROM ledger_transactions WHERE user_id = $1 AND duplicate_of IS NOT NULL ORDER BY seq', [userId()]);
          const row = rows[c.tx % Math.max(1, rows.length)];
          if (row) expect((await t.http.post(`transaction/${row.id}/dedup`, {}, user.access)).status).toBeLessThan(300);
          break;
        }
        case 'ruleApply': {
          const rule = await t.http.post('auto-assignments', { name: `Rule ${randomUUID().slice(0, 8)}`, searchStrings: [BANK_NAMES[c.name]!.toLowerCase()], categories: [{ categoryId: cat(CATEGORIES[c.cat]!), amount: 100, percentage: true }] }, user.access);
          expect(rule.status, rule.body).toBe(201);
          const applied = await t.http.post(`auto-assignments/${rule.json().id}/apply`, {}, user.access);
          expect(applied.status, applied.body).toBe(200);
          const application = applied.json().data.applicationId as string | null;
          if (application) applications.push({ rule: rule.json().id, application });
          break;
        }
        case 'ruleUndo': {
          const target = applications.splice(c.n % Math.max(1, applications.length), 1)[0];
          if (target) expect((await t.http.post(`auto-assignments/${target.rule}/applications/${target.application}/undo`, {}, user.access)).status).toBe(200);
          break;
        }
        default: {
          const unknown: never = c;
          throw new Error(`unknown command ${JSON.stringify(unknown)}`);
        }
      }
    }
  }

  async function explain(kind: 'category' | 'account', id: string, from: string | null, to: string | null): Promise<Explanation> {
    const query = new URLSearchParams({ ...(from && { from }), ...(to && { to }) }).toString();
    const response = await t.http.get(`${kind}/${id}/explain${query ? `?${query}` : ''}`, user.access);
    expect(response.status, response.body).toBe(200);
    return response.json().data as Explanation;
  }

  /** The walk adds up, every item has its log lines, and an open walk ends at the register's balance. */
  function walks(e: Explanation, what: string) {
    const moved = e.causes.reduce((sum, c) => sum + toCents(c.total), 0);
    expect(toCents(e.openingBalance) + moved, `${what}: opening + causes = closing`).toBe(toCents(e.closingBalance));
    for (const c of e.causes) {
      count(seen.causes, c.cause);
      expect(c.items.length, `${what}: ${c.cause} lists its items`).toBe(Math.min(c.count, 200));
      if (c.count <= 200) expect(c.items.reduce((sum, i) => sum + toCents(i.amount), 0), `${what}: ${c.cause} total`).toBe(toCents(c.total));
      for (const i of c.items) if (c.cause !== 'adjustment') expect(i.events.length, `${what}: ${c.cause} item ${i.id} has its log lines`).toBeGreaterThan(0);
    }
  }

  async function check(ids: { categories: string[]; accounts: string[] }, from: string, to: string) {
    const dayBefore = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    for (const kind of ['category', 'account'] as const) {
      const list = kind === 'category' ? ids.categories : (await t.db.pool.query<{ id: string }>('SELECT id FROM ledger_accounts WHERE user_id = $1', [userId()])).rows.map((r) => r.id);
      for (const id of list) {
        const register = await t.http.get(`${kind}/${id}/transactions?limit=1`, user.access);
        expect(register.status, register.body).toBe(200);
        const all = await explain(kind, id, null, null);
        walks(all, `${kind} ${id}`);
        expect(toCents(all.openingBalance), `${kind} ${id} opens at 0`).toBe(0);
        expect(toCents(all.closingBalance), `${kind} ${id} ends at the register's balance`).toBe(toCents(register.json().data.balance));
        expect(toCents(all.registerBalance)).toBe(toCents(register.json().data.balance));
        const ranged = await explain(kind, id, from, to);
        walks(ranged, `${kind} ${id} ${from}..${to}`);
        expect(toCents(ranged.openingBalance), `${kind} ${id} opens on ${from} where the walk to ${dayBefore} ends`).toBe(toCents((await explain(kind, id, null, dayBefore)).closingBalance));
        expect(toCents(ranged.closingBalance), `${kind} ${id} closes on ${to} where the walk to ${to} ends`).toBe(toCents((await explain(kind, id, null, to)).closingBalance));
      }
    }
    // Every event that moved money has its log line, with its action's correlation id and command id.
    const { rows: events } = await t.db.pool.query<{ event_id: string; type: string; correlation: string | null; causation: string | null }>(
      `SELECT event_id::text, type, metadata->>'correlationId' AS correlation, metadata->>'causationId' AS causation FROM es_events WHERE user_id = $1`,
      [userId()],
    );
    const { rows: lines } = await t.db.pool.query<{ id: string; correlation_id: string | null; causation_id: string | null }>(
      'SELECT id::text, correlation_id, causation_id FROM ledger_transaction_logs WHERE user_id = $1',
      [userId()],
    );
    const line = new Map(lines.map((l) => [l.id, l]));
    for (const e of events) {
      count(seen.events, e.type);
      expect(e.correlation, `${e.type} ${e.event_id} has a correlation id`).toBeTruthy();
      expect(e.causation, `${e.type} ${e.event_id} has a command id`).toBeTruthy();
      if (!LOGGED.has(e.type)) continue;
      const written = line.get(e.event_id);
      expect(written, `${e.type} ${e.event_id} has its log line`).toBeDefined();
      expect(written!.correlation_id).toBe(e.correlation);
      expect(written!.causation_id).toBe(e.causation);
    }
  }

  it(`every explanation ends at the register's balance and every move has a log line, over ${runs} histories (seed ${SEED})`, async () => {
    console.log(`explanation property (${mode}): ${runs} runs, seed ${SEED} (PROPERTY_SEED=${SEED} PROPERTY_RUNS=${RUNS} to replay)`);
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 20 }), fc.nat(89), fc.nat(89), async (commands, a, b) => {
        const w = await world();
        await run(w, commands);
        await check({ categories: w.categories, accounts: w.accounts }, day(Math.min(a, b)), day(Math.max(a, b)));
      }),
      { numRuns: runs, seed: SEED, endOnFailure: true },
    );
    console.log(`explanation property (${mode}) walked causes ${JSON.stringify(Object.fromEntries(seen.causes))}; events ${JSON.stringify(Object.fromEntries(seen.events))}; commands ${JSON.stringify(Object.fromEntries(seen.commands))}`);
    for (const map of Object.values(seen)) map.clear();
  }, 1_800_000);
});
