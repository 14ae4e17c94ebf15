import fc from 'fast-check';
import { centsToDecimalString, dollarsFromCents } from '@budget/money';
import { ledgerProjection } from './projection/ledger.projection.js';
import { ledgerTables } from './projection/ledger.migrations.js';
import { accountRegister } from './queries/account-register/account-register.sql.js';
import { budgetProjections } from '@budget/budget';
import { rebuildReadModels, rebuildReadModelsPerUser, type Caller } from '@budget/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOfx } from './domain/import/ofx-parser.js';
import { bankOfx } from './testing/fixtures/ofx.js';
import { expectedFromLog } from './testing/ledger-oracle.js';
import { LedgerTestbed } from './testing/ledger-testbed.js';
import { ForbiddenChange, RuleViolation, UnknownReference } from './domain/domain-error.js';
import { StaleVersion } from './domain/edit-transaction.decide.js';

/**
 * Property: whatever sequence of ledger commands a user issues (valid or not, tracking changes
 * among them), every category
 * balance equals the sum of its visible live splits, every account balance equals its starting
 * balance plus its posted amounts, every account register's running balances agree with its
 * balance, a refused command appends nothing, and a rebuild from the log equals the live read models.
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 1000);
const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);
const CATEGORIES = ['Unassigned', 'Groceries', 'Dining Out', 'Furniture', 'Electric', 'Gasoline'];
const day = (n: number) => `2025-03-${String(1 + (n % 28)).padStart(2, '0')}`;
const cents = fc.integer({ min: -500_000, max: 500_000 });

const command = fc.oneof(
  { weight: 2, arbitrary: fc.record({ k: fc.constant('open' as const), tracking: fc.constantFrom('Transactions', 'Transactions', 'Uncategorized Transactions', 'Balances'), balance: cents, start: fc.nat(27) }) },
  { weight: 5, arbitrary: fc.record({ k: fc.constant('manual' as const), acct: fc.nat(), day: fc.nat(27), amount: cents, parts: fc.array(fc.tuple(fc.nat(CATEGORIES.length - 1), fc.integer({ min: 1, max: 5 })), { maxLength: 3 }), skew: fc.constantFrom(0, 0, 0, 1) }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('edit' as const), tx: fc.nat(), amount: fc.option(cents), day: fc.option(fc.nat(27)), cat: fc.nat(CATEGORIES.length - 1), stale: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('delete' as const), tx: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('ofx' as const), acct: fc.nat(), rows: fc.array(fc.record({ fitid: fc.nat(4), day: fc.nat(27), amount: cents }), { minLength: 1, maxLength: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('statement' as const), acct: fc.nat(), from: fc.nat(27), length: fc.nat(10) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('reconcile' as const), stmt: fc.nat(), all: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('startDate' as const), acct: fc.nat(), day: fc.nat(27) }) },
  // Account Settings sends {startDate, tracking}, the start date often unchanged, the tracking too.
  { weight: 1, arbitrary: fc.record({ k: fc.constant('tracking' as const), acct: fc.nat(), tracking: fc.constantFrom('Transactions', 'Uncategorized Transactions', 'Balances'), day: fc.option(fc.nat(27)) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('balance' as const), acct: fc.nat(), day: fc.nat(27), amount: cents }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('deleteAccount' as const), acct: fc.nat() }) },
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

/** Splits `amount` over the chosen categories by weight, exactly; `skew` breaks the sum on purpose. */
function spread(amount: number, parts: [number, number][], skew: number) {
  if (parts.length === 0) return [];
  const total = parts.reduce((s, [, w]) => s + w, 0);
  let left = amount;
  return parts.map(([c, w], i) => {
    const share = i === parts.length - 1 ? left : Math.trunc((amount * w) / total);
    left -= share;
    return { categoryId: CATEGORIES[c]!, amount: share + (i === 0 ? skew : 0) };
  });
}

const expectedErrors = [RuleViolation, UnknownReference, ForbiddenChange, StaleVersion];

let bed: LedgerTestbed;

async function run(caller: Caller, cat: (n: string) => string, commands: Command[]) {
  const accounts: string[] = [];
  const txs: string[] = [];
  const statements: string[] = [];
  const pick = <T>(list: T[], n: number) => (list.length === 0 ? undefined : list[n % list.length]);
  for (const c of commands) {
    const head = await bed.store.headPosition();
    try {
      switch (c.k) {
        case 'open': {
          const { accountIds } = await bed.accounts.addInstitution(caller, 'Bank', [{ name: 'A', balance: c.balance, tracking: c.tracking, rate: null, startDate: day(c.start) }]);
          accounts.push(accountIds[0]!);
          break;
        }
        case 'manual': {
          const acct = pick(accounts, c.acct);
          if (!acct) break;
          const splits = spread(c.amount, c.parts, c.skew).map((s) => ({ ...s, categoryId: cat(s.categoryId) }));
          txs.push((await bed.transactions.recordManual(caller, acct, { date: day(c.day), name: 'M', amount: c.amount, principle: null, comment: null, splits })).transactionId);
          break;
        }
        case 'edit': {
          const tx = pick(txs, c.tx);
          if (!tx) break;
          const { rows } = await bed.db.pool.query<{ version: number }>('SELECT version FROM ledger_transactions WHERE id = $1', [tx]);
          const version = (rows[0]?.version ?? 0) - (c.stale ? 1 : 0);
          const amount = c.amount ?? undefined;
          await bed.transactions.edit(caller, tx, {
            version,
            amount,
            date: c.day === null ? undefined : day(c.day),
            splits: amount === undefined ? undefined : [{ categoryId: cat(CATEGORIES[c.cat]!), amount }],
          });
          break;
        }
        case 'delete': {
          const tx = pick(txs, c.tx);
          if (tx) await bed.transactions.delete(caller, tx);
          break;
        }
        case 'ofx': {
          const acct = pick(accounts, c.acct);
          if (!acct) break;
          const rows = c.rows.map((r) => ({ fitid: `F${r.fitid}`, date: day(r.day).replaceAll('-', ''), amount: centsToDecimalString(r.amount), name: 'BANK' }));
          const account = await bed.imports.accountForImport(caller, acct);
          const file = parseOfx(bankOfx(rows.filter((r, i) => rows.findIndex((x) => x.fitid === r.fitid) === i)));
          await bed.imports.import(caller, account, file, 'OFX');
          break;
        }
        case 'statement': {
          const acct = pick(accounts, c.acct);
          if (!acct) break;
          statements.push(await bed.statements.createStatement(caller, acct, { startDate: day(c.from), endDate: day(Math.min(27, c.from + c.length)), startingBalance: 0, endingBalance: 0 }));
          break;
        }
        case 'reconcile': {
          const stmt = pick(statements, c.stmt);
          if (stmt) await bed.statements.changeStatement(caller, stmt, { reconcile: c.all ? 'All' : 'None' });
          break;
        }
        case 'startDate': {
          const acct = pick(accounts, c.acct);
          if (acct) await bed.accounts.changeAccount(caller, acct, { startDate: day(c.day) });
          break;
        }
        case 'tracking': {
          const acct = pick(accounts, c.acct);
          if (acct) await bed.accounts.changeAccount(caller, acct, { tracking: c.tracking, ...(c.day === null ? {} : { startDate: day(c.day) }) });
          break;
        }
        case 'balance': {
          const acct = pick(accounts, c.acct);
          if (acct) await bed.statements.recordBalance(caller, acct, day(c.day), c.amount);
          break;
        }
        case 'deleteAccount': {
          const acct = pick(accounts, c.acct);
          if (!acct) break;
          const { institutionId } = await bed.lookups.account(caller.userId, acct);
          await bed.accounts.deleteAccount(caller, institutionId, acct);
          accounts.splice(accounts.indexOf(acct), 1);
          break;
        }
      }
    } catch (error) {
      if (!expectedErrors.some((E) => error instanceof E) && !(error instanceof Error && error.message.includes('not found'))) throw error;
      expect(await bed.store.headPosition(), `a refused ${c.k} appended events`).toBe(head);
    }
  }
}

/** The monthly sums equal a GROUP BY of the live splits, with zero sums left out. */
async function checkMonths(caller: Caller) {
  const q = (sql: string) => bed.db.pool.query(sql, [caller.userId]).then((r) => r.rows);
  const kept = await q(
    `SELECT category_id, to_char(month, 'YYYY-MM') AS month, type, amount_cents, base_cents FROM ledger_category_months WHERE user_id = $1 ORDER BY 1, 2, 3`,
  );
  const derived = await q(
    `SELECT category_id, to_char(date, 'YYYY-MM') AS month, type, sum(amount_cents)::bigint AS amount_cents, sum(COALESCE(base_cents, 0))::bigint AS base_cents
       FROM ledger_splits WHERE user_id = $1 AND live GROUP BY 1, 2, 3
     HAVING sum(amount_cents) <> 0 OR sum(COALESCE(base_cents, 0)) <> 0 ORDER BY 1, 2, 3`,
  );
  expect(kept).toEqual(derived);
}

/**
 * A split is live exactly when its transaction shows in the categories (server-behaviour §0): not
 * deleted, and without an account or on one that tracks transactions, dated from its start date.
 */
async function checkLive(caller: Caller) {
  const { rows } = await bed.db.pool.query<{ transaction_id: string; idx: number; live: boolean; visible: boolean }>(
    `SELECT s.transaction_id, s.idx, s.live,
            NOT t.deleted AND (t.account_id IS NULL OR (a.tracking = 'Transactions' AND t.date >= a.start_date)) AS visible
       FROM ledger_splits s JOIN ledger_transactions t ON t.id = s.transaction_id LEFT JOIN ledger_accounts a ON a.id = t.account_id
      WHERE s.user_id = $1 ORDER BY 1, 2`,
    [caller.userId],
  );
  expect(rows.filter((r) => r.live !== r.visible)).toEqual([]);
}

/** The register blocks equal those that the rows alone give (row count and sum per block). */
async function checkBlocks(caller: Caller) {
  const q = async (sql: string) => (await bed.db.pool.query(sql, [caller.userId])).rows;
  const kept = await q(
    `SELECT register, start_date::text, start_kind, start_seq::text, row_count, sum_cents::text FROM ledger_register_blocks WHERE user_id = $1 ORDER BY 1, 2, 3, 4`,
  );
  const derived = await q(
    `SELECT register, COALESCE(min(sort_date) FILTER (WHERE block_start), '-infinity')::text AS start_date,
            COALESCE(min(kind_order) FILTER (WHERE block_start), -1) AS start_kind, COALESCE(min(seq) FILTER (WHERE block_start), -1)::text AS start_seq,
            count(*)::int AS row_count, sum(delta_cents)::text AS sum_cents
       FROM (SELECT r.*, count(*) FILTER (WHERE block_start) OVER (PARTITION BY register ORDER BY sort_date, kind_order, seq) AS block
               FROM ledger_register_rows r WHERE user_id = $1) numbered
      GROUP BY register, block ORDER BY 1, 2, 3, 4`,
  );
  expect(kept).toEqual(derived);
}

/**
 * Each account's register as the API reads it: newest first, a row's running balance is the
 * account's balance less what the newer rows counted from the start date move; rows dated before
 * the start date count nothing, so they show the opening balance.
 */
async function checkAccountRegisters(caller: Caller) {
  const { rows: stale } = await bed.db.pool.query(
    `SELECT id, uncounted_cents::text, ledger_uncounted_cents('a:' || id, start_date)::text AS rows_say
       FROM ledger_accounts WHERE user_id = $1 AND uncounted_cents <> ledger_uncounted_cents('a:' || id, start_date)`,
    [caller.userId],
  );
  expect(stale, 'kept uncounted_cents equal to what the rows before the start date sum to').toEqual([]);
  const { rows: accounts } = await bed.db.pool.query<{ id: string; b: string }>(
    `SELECT id, balance_cents AS b FROM ledger_accounts WHERE user_id = $1 AND tracking <> 'Balances'`,
    [caller.userId],
  );
  for (const a of accounts) {
    const page = await accountRegister(bed.db.pool, caller.userId, a.id, false, { offset: 0, limit: 1000, search: null });
    const { rows } = await bed.db.pool.query<{ id: string; counted: boolean; move: string }>(
      `SELECT t.id, t.date >= a.start_date AS counted,
              CASE WHEN a.type = 'loan' THEN COALESCE(t.principle_cents, t.amount_cents, 0) ELSE COALESCE(t.amount_cents, 0) END AS move
         FROM ledger_transactions t JOIN ledger_accounts a ON a.id = t.account_id
        WHERE t.account_id = $1 AND NOT t.deleted AND NOT t.pending AND t.kind <> 'starting-balance'
        ORDER BY t.date DESC, t.seq DESC`,
      [a.id],
    );
    let running = Number(a.b);
    const expected = rows.map((r) => {
      const shown = { id: r.id, runningBalance: dollarsFromCents(running) };
      if (r.counted) running -= Number(r.move);
      return shown;
    });
    expect(page.transactions.map((t) => ({ id: t.id, runningBalance: t.runningBalance })), `register of account ${a.id}`).toEqual(expected);
  }
}

async function check(caller: Caller) {
  await checkMonths(caller);
  await checkLive(caller);
  await checkBlocks(caller);
  await checkAccountRegisters(caller);
  const events = await bed.userEvents(caller.userId);
  const expected = expectedFromLog(events);
  const { rows: categories } = await bed.db.pool.query<{ category_id: string; b: string }>(
    'SELECT category_id, balance_cents AS b FROM ledger_category_balances WHERE user_id = $1',
    [caller.userId],
  );
  const actualCategories = new Map(categories.map((r) => [r.category_id, Number(r.b)]));
  for (const id of new Set([...expected.categories.keys(), ...actualCategories.keys()])) {
    expect(actualCategories.get(id) ?? 0, `category ${id}`).toBe(expected.categories.get(id) ?? 0);
  }
  const { rows: accounts } = await bed.db.pool.query<{ id: string; b: string; tracking: string }>(
    'SELECT id, balance_cents AS b, tracking FROM ledger_accounts WHERE user_id = $1',
    [caller.userId],
  );
  expect(new Set(accounts.map((a) => a.id))).toEqual(new Set(expected.accounts.keys()));
  for (const a of accounts) {
    expect(Number(a.b), `account ${a.id}`).toBe(expected.accounts.get(a.id));
    if (a.tracking === 'Transactions') {
      const starting = expected.starting.get(a.id) ?? 0;
      const { rows } = await bed.db.pool.query<{ s: string | null }>(
        `SELECT sum(COALESCE(principle_cents, amount_cents)) AS s FROM ledger_transactions t JOIN ledger_accounts a ON a.id = t.account_id
          WHERE t.account_id = $1 AND NOT t.deleted AND NOT t.pending AND t.kind <> 'starting-balance' AND t.date >= a.start_date`,
        [a.id],
      );
      expect(Number(a.b), `account ${a.id} = starting + posted`).toBe(starting + Number(rows[0]?.s ?? 0));
    }
  }
}

const snapshot = async () => {
  const tables = ledgerTables;
  const out: Record<string, unknown[]> = {};
  for (const t of tables) out[t] = (await bed.db.pool.query(`SELECT * FROM ${t} AS row ORDER BY row::text`)).rows;
  return out;
};

// Inline projection (the product's default) over every run, and the projector's asynchronous
// path over a quarter of them: both must keep the same invariants and rebuild to the same rows.
describe.each([
  ['inline', RUNS],
  ['async', Math.max(1, Math.ceil(RUNS / 4))],
] as const)('ledger property with %s projection', (mode, runs) => {
  beforeAll(async () => {
    bed = await LedgerTestbed.start('ledger_prop', mode);
    // Blocks of about 4 rows instead of 256, so that short sequences split and merge blocks often.
    await bed.db.pool.query(`CREATE OR REPLACE FUNCTION ledger_block_start(seq bigint) RETURNS boolean LANGUAGE sql IMMUTABLE AS 'SELECT (hashint8(seq) & 3) = 0'`);
  }, 60_000);
  afterAll(async () => bed.stop());

  it(`keeps balances equal to live splits and posted amounts over ${runs} command sequences (seed ${SEED})`, async () => {
    console.log(`ledger property (${mode}): ${runs} runs, seed ${SEED} (PROPERTY_SEED=${SEED} PROPERTY_RUNS=${RUNS} to replay)`);
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 8 }), async (commands) => {
        const user = await bed.newUser();
        await run(user.caller, (n) => user.categories.get(n)!, commands);
        await check(user.caller);
      }),
      { numRuns: runs, seed: SEED, endOnFailure: true },
    );
    const live = await snapshot();
    await bed.projector.stop();
    await rebuildReadModels({ pool: bed.db.pool, store: bed.store, projections: [...budgetProjections, ledgerProjection] });
    expect(await snapshot()).toEqual(live);
    // And one user at a time (npm run rebuild-read-models): the same rows again.
    await rebuildReadModelsPerUser({ pool: bed.db.pool, projections: [...budgetProjections, ledgerProjection] });
    expect(await snapshot()).toEqual(live);
  }, 1_800_000);
});
