import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFunding, FundingCycle } from '@budget/money';
import type { Caller } from '@budget/platform';
import { RuleViolation, UnknownReference } from '../domain/domain-error.js';
import { StaleVersion } from '../domain/edit-transaction.decide.js';
import { expectedFromLog } from '../testing/ledger-oracle.js';
import { ChangeCategoryTransferCommand } from './commands/change-category-transfer/change-category-transfer.command.js';
import { RecordCategoryTransferCommand } from './commands/record-category-transfer/record-category-transfer.command.js';
import type { TransferLine, TransferType } from './domain/transfer-lines.js';
import { transferBody, TransfersTestbed } from './testing/transfers-testbed.js';

/**
 * Property: funding, rebalances and category transfers never create or destroy money. After any
 * sequence of them, mixed with accounts and manual transactions (valid commands or not), the sum
 * of all category balances equals the money that entered through accounts — the balances of the
 * Transactions-tracked accounts (starting balance + posted amounts on or after the start date) —
 * every category balance equals its visible live splits, and a refused command appends nothing.
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 60);
const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);
const CATEGORIES = ['Funding Pool', 'Unassigned', 'Groceries', 'Dining Out', 'Furniture', 'Electric', 'Gasoline'];
const day = (n: number) => `2025-03-${String(1 + (n % 28)).padStart(2, '0')}`;
const cents = fc.integer({ min: -200_000, max: 200_000 });
const categoryIndex = fc.nat(CATEGORIES.length - 1);
const moves = fc.array(fc.tuple(categoryIndex, categoryIndex, fc.integer({ min: 0, max: 50_000 })), { minLength: 1, maxLength: 3 });
const source = fc.record({ c: categoryIndex, amount: fc.integer({ min: 0, max: 12_000 }), percentage: fc.boolean() });

const command = fc.oneof(
  { weight: 2, arbitrary: fc.record({ k: fc.constant('open' as const), tracking: fc.constantFrom('Transactions', 'Transactions', 'Uncategorized Transactions'), balance: cents, start: fc.nat(27) }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('manual' as const), acct: fc.nat(), day: fc.nat(27), amount: cents, c: categoryIndex }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('rebalance' as const), day: fc.nat(27), moves, skew: fc.constantFrom(0, 0, 0, 1), transfer: fc.boolean() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant('fund' as const),
      day: fc.nat(27),
      lines: fc.uniqueArray(fc.record({ c: fc.integer({ min: 1, max: CATEGORIES.length - 1 }), base: fc.integer({ min: -20_000, max: 100_000 }), sources: fc.array(source, { maxLength: 2 }), pass: fc.boolean() }), { selector: (l) => l.c, minLength: 1, maxLength: 3 }),
      skew: fc.constantFrom(0, 0, 0, 1),
    }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('edit' as const), tx: fc.nat(), day: fc.nat(27), moves, stale: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('delete' as const), tx: fc.nat() }) },
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

let tb: TransfersTestbed;
beforeAll(async () => {
  tb = await TransfersTestbed.start('transfers_prop');
}, 60_000);
afterAll(async () => tb.stop());

const expectedErrors = [RuleViolation, UnknownReference, StaleVersion, FundingCycle];
const linesOf = (cat: (n: string) => string, list: [number, number, number][], skew: number) =>
  list.flatMap(([from, to, amount], i) => [
    { categoryId: cat(CATEGORIES[from]!), amount: -amount - (i === 0 ? skew : 0) },
    { categoryId: cat(CATEGORIES[to]!), amount },
  ]);

async function run(caller: Caller, cat: (n: string) => string, commands: Command[]) {
  const accounts: string[] = [];
  const transfers: string[] = [];
  const all: string[] = [];
  const pick = <T>(list: T[], n: number) => (list.length === 0 ? undefined : list[n % list.length]);
  /** Records through the handler; a funding of all 0.00 records nothing (transaction null). */
  const record = async (type: TransferType, date: string, lines: TransferLine[]) => {
    const answer = await tb.record.execute(new RecordCategoryTransferCommand(caller.userId, transferBody(type, date, lines)));
    const id = answer.data.transaction?.id;
    if (!id) return;
    transfers.push(id);
    all.push(id);
  };
  for (const c of commands) {
    const head = await tb.bed.store.headPosition();
    try {
      switch (c.k) {
        case 'open': {
          const { accountIds } = await tb.bed.accounts.addInstitution(caller, 'Bank', [{ name: 'A', balance: c.balance, tracking: c.tracking, rate: null, startDate: day(c.start) }]);
          accounts.push(accountIds[0]!);
          break;
        }
        case 'manual': {
          const acct = pick(accounts, c.acct);
          if (!acct) break;
          const splits = [{ categoryId: cat(CATEGORIES[c.c]!), amount: c.amount }];
          all.push((await tb.bed.transactions.recordManual(caller, acct, { date: day(c.day), name: 'M', amount: c.amount, principle: null, comment: null, splits })).transactionId);
          break;
        }
        case 'rebalance': {
          const lines = linesOf(cat, c.moves, c.skew);
          await record(c.transfer ? 'transfer' : 'rebalance', day(c.day), lines);
          break;
        }
        case 'fund': {
          const pool = cat('Funding Pool');
          const funding = c.lines.map((l) => ({
            categoryId: cat(CATEGORIES[l.c]!),
            base: l.base,
            sources: l.sources.map((s) => ({ categoryId: cat(CATEGORIES[s.c]!), amount: s.percentage ? Math.min(s.amount, 10_000) : s.amount, percentage: s.percentage })),
            includeFundingTransfers: l.pass,
          }));
          const splits = buildFunding(funding, pool).map((s, i) => ({ ...s, amount: s.amount + (i === 0 ? c.skew : 0) }));
          await record('funding', day(c.day), splits);
          break;
        }
        case 'edit': {
          const tx = pick(transfers, c.tx);
          if (!tx) break;
          const { rows } = await tb.bed.db.pool.query<{ version: number; kind: string }>('SELECT version, kind FROM ledger_transactions WHERE id = $1', [tx]);
          const type = rows[0]?.kind === 'funding' ? 'funding' : 'rebalance';
          const version = (rows[0]?.version ?? 0) - (c.stale ? 1 : 0);
          await tb.change.execute(new ChangeCategoryTransferCommand(caller.userId, tx, transferBody(type, day(c.day), linesOf(cat, c.moves, 0), version)));
          break;
        }
        case 'delete': {
          const tx = pick(all, c.tx);
          if (tx) await tb.bed.transactions.delete(caller, tx);
          break;
        }
      }
    } catch (error) {
      if (!expectedErrors.some((E) => error instanceof E)) throw error;
      expect(await tb.bed.store.headPosition(), `a refused ${c.k} appended events`).toBe(head);
    }
  }
}

async function check(caller: Caller) {
  const { rows: categories } = await tb.bed.db.pool.query<{ category_id: string; b: string }>(
    'SELECT category_id, balance_cents AS b FROM ledger_category_balances WHERE user_id = $1',
    [caller.userId],
  );
  const { rows: accounts } = await tb.bed.db.pool.query<{ s: string | null }>(
    "SELECT sum(balance_cents) AS s FROM ledger_accounts WHERE user_id = $1 AND tracking = 'Transactions'",
    [caller.userId],
  );
  const inCategories = categories.reduce((sum, r) => sum + Number(r.b), 0);
  expect(inCategories, 'Σ category balances = money that entered through accounts').toBe(Number(accounts[0]?.s ?? 0));
  const expected = expectedFromLog(await tb.bed.userEvents(caller.userId));
  for (const r of categories) expect(Number(r.b), `category ${r.category_id}`).toBe(expected.categories.get(r.category_id) ?? 0);
}

describe('category transfers property', () => {
  it(`never create or destroy money over ${RUNS} command sequences (seed ${SEED})`, async () => {
    console.log(`category transfers property: ${RUNS} runs, seed ${SEED} (PROPERTY_SEED=${SEED} PROPERTY_RUNS=${RUNS} to replay)`);
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 10 }), async (commands) => {
        const user = await tb.bed.newUser();
        await run(user.caller, (n) => user.categories.get(n)!, commands);
        await check(user.caller);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 1_800_000);
});
