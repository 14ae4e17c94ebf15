import type { Caller } from '@budget/platform';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseOfx } from './domain/import/ofx-parser.js';
import { bankOfx } from './testing/fixtures/ofx.js';
import { LedgerTestbed } from './testing/ledger-testbed.js';

/** server-behaviour §8: the rules this issue touches, each with its worked example. */
let bed: LedgerTestbed;
let caller: Caller;
let cat: (name: string) => string;

beforeAll(async () => {
  bed = await LedgerTestbed.start('ledger_rules');
}, 60_000);
afterAll(async () => bed.stop());
beforeEach(async () => {
  const user = await bed.newUser();
  caller = user.caller;
  cat = (name) => user.categories.get(name)!;
});

const balanceOf = async (categoryName: string) => {
  const { rows } = await bed.db.pool.query<{ b: string }>('SELECT balance_cents AS b FROM ledger_category_balances WHERE category_id = $1', [cat(categoryName)]);
  return Number(rows[0]?.b ?? 0);
};
const account = async (id: string) => bed.lookups.account(caller.userId, id);
const open = async (balance: number, tracking = 'Transactions', type = 'depository', subtype = 'checking', startDate = '2025-03-01') => {
  const { accountIds } = await bed.accounts.addInstitution(caller, 'Bank', [{ name: 'Acct', balance, type, subtype, tracking, rate: null, startDate }]);
  return accountIds[0]!;
};
const manual = (accountId: string, amount: number, splits: [string, number][] = [], date = '2025-03-05', principle: number | null = null) =>
  bed.transactions.recordManual(caller, accountId, { date, name: 'Entry', amount, principle, comment: null, splits: splits.map(([n, a]) => ({ categoryId: cat(n), amount: a })) });

describe('server-behaviour §8 rules', () => {
  it('1. sign convention: an OFX TRNAMT −19.99 is stored as −19.99', async () => {
    const id = await open(0);
    await bed.imports.import(caller, await account(id), parseOfx(bankOfx([{ fitid: 'A', date: '20250305', amount: '-19.99', name: 'X' }])), 'OFX');
    expect((await account(id)).balance).toBe(-1999);
  });

  it('2. a bank row starts in Unassigned; on an Uncategorized account the split is stored but Unassigned does not move', async () => {
    const checking = await open(0);
    await bed.imports.import(caller, await account(checking), parseOfx(bankOfx([{ fitid: 'C', date: '20250305', amount: '-4.75', name: 'COFFEE' }])), 'OFX');
    expect(await balanceOf('Unassigned')).toBe(-475);
    const other = await open(0, 'Uncategorized Transactions');
    await bed.imports.import(caller, await account(other), parseOfx(bankOfx([{ fitid: 'D', date: '20250305', amount: '-4.75', name: 'COFFEE' }])), 'OFX');
    expect(await balanceOf('Unassigned')).toBe(-475);
    const { rows } = await bed.db.pool.query('SELECT splits FROM ledger_transactions WHERE account_id = $1', [other]);
    expect(rows[0].splits).toEqual([{ categoryId: cat('Unassigned'), amount: -475, comment: null }]);
  });

  it('3. the balance counts posted rows on or after the start date', async () => {
    const id = await open(100000);
    await manual(id, -4000, [], '2025-03-05');
    // A manual row before the start date is refused (README "Dates and statements"); a bank row may be older and is kept, uncounted.
    await expect(manual(id, -900, [], '2025-02-20')).rejects.toThrow("The date is before the account's start date (2025-03-01).");
    await bed.imports.import(caller, await account(id), parseOfx(bankOfx([{ fitid: 'EARLY', date: '20250220', amount: '-9.00', name: 'Early' }])), 'OFX');
    expect((await account(id)).balance).toBe(96000);
  });

  it('6. an offline opening balance becomes a starting-balance row into the Funding Pool', async () => {
    const id = await open(125000);
    expect(await balanceOf('Funding Pool')).toBe(125000);
    expect((await account(id)).balance).toBe(125000);
    await open(-50000, 'Transactions', 'credit', 'credit card');
    expect(await balanceOf('Funding Pool')).toBe(75000);
  });

  it('7. moving the start date recomputes the starting balance instead of adding one', async () => {
    const id = await open(125000, 'Transactions', 'depository', 'checking', '2025-01-01');
    await manual(id, -5000, [['Groceries', -5000]], '2025-01-05');
    expect((await account(id)).balance).toBe(120000);
    await bed.accounts.changeAccount(caller, id, { startDate: '2025-01-10' });
    expect(await balanceOf('Funding Pool')).toBe(120000);
    expect((await account(id)).balance).toBe(120000);
    // The −50 row now falls before the start date: it leaves the budget, so no money is lost.
    expect(await balanceOf('Groceries')).toBe(0);
    const { rows } = await bed.db.pool.query("SELECT count(*)::int AS n FROM ledger_transactions WHERE account_id = $1 AND kind = 'starting-balance'", [id]);
    expect(rows[0].n).toBe(1);
  });

  it('7. moving the start date back brings in only live rows of an account that tracks transactions', async () => {
    const live = async (transactionId: string) =>
      (await bed.db.pool.query<{ live: boolean }>('SELECT bool_and(live) AS live FROM ledger_splits WHERE transaction_id = $1', [transactionId])).rows[0]!.live;
    // Manual rows are entered on or after the start date; moving it forward leaves some before it.
    const tracked = await open(100000, 'Transactions', 'depository', 'checking', '2025-03-01');
    const onStart = (await manual(tracked, -100, [['Groceries', -100]], '2025-03-10')).transactionId;
    const kept = (await manual(tracked, -3000, [['Groceries', -3000]], '2025-03-05')).transactionId;
    const deleted = (await manual(tracked, -700, [['Groceries', -700]], '2025-03-06')).transactionId;
    await bed.transactions.delete(caller, deleted);
    const balances = await open(50000, 'Balances', 'depository', 'savings', '2025-03-01');
    const untracked = (await manual(balances, -400, [['Dining Out', -400]], '2025-03-05')).transactionId;
    await bed.accounts.changeAccount(caller, tracked, { startDate: '2025-03-10' });
    await bed.accounts.changeAccount(caller, balances, { startDate: '2025-03-10' });
    expect(await balanceOf('Groceries')).toBe(-100);
    await bed.accounts.changeAccount(caller, tracked, { startDate: '2025-03-01' });
    await bed.accounts.changeAccount(caller, balances, { startDate: '2025-03-01' });
    expect(await balanceOf('Groceries')).toBe(-3100);
    expect(await balanceOf('Dining Out')).toBe(0);
    expect([await live(kept), await live(deleted), await live(untracked)]).toEqual([true, false, false]);
    // And forward again: the kept row leaves the categories; the row dated on the start date stays.
    await bed.accounts.changeAccount(caller, tracked, { startDate: '2025-03-10' });
    expect(await balanceOf('Groceries')).toBe(-100);
    expect([await live(kept), await live(onStart)]).toEqual([false, true]);
  });

  it('6/7. an institution with its accounts and starting balances, and a start date with the starting balance it moves, are each one write', async () => {
    const eventsAfter = async (after: bigint) =>
      (await bed.db.pool.query<{ type: string; position: string; actor: string }>(
        "SELECT type, position::text, metadata->>'actor' AS actor FROM es_events WHERE user_id = $1 AND position > $2 ORDER BY position",
        [caller.userId, after.toString()],
      )).rows;
    const transactionOf = (position: string) => BigInt(position) >> 20n;

    const start = await bed.store.headPosition();
    const { accountIds } = await bed.accounts.addInstitution(caller, 'Bank', [
      { name: 'Checking', balance: 100000, type: 'depository', subtype: 'checking', tracking: 'Transactions', rate: null, startDate: '2025-01-01' },
      { name: 'Savings', balance: 50000, type: 'depository', subtype: 'savings', tracking: 'Transactions', rate: null, startDate: '2025-01-01' },
    ]);
    const added = await eventsAfter(start);
    expect(added.map((e) => e.type)).toEqual(['InstitutionAdded', 'AccountOpened', 'TransactionRecorded', 'AccountOpened', 'TransactionRecorded']);
    expect(new Set(added.map((e) => transactionOf(e.position))).size, 'all in one transaction').toBe(1);
    expect(added.map((e) => e.actor)).toEqual(['user', 'user', 'system', 'user', 'system']);

    const before = await bed.store.headPosition();
    await bed.accounts.changeAccount(caller, accountIds[0]!, { startDate: '2025-02-01' });
    const moved = await eventsAfter(before);
    expect(moved.map((e) => [e.type, e.actor])).toEqual([['AccountStartDateChanged', 'user'], ['TransactionChanged', 'system']]);
    expect(transactionOf(moved[0]!.position)).toBe(transactionOf(moved[1]!.position));
    expect(await balanceOf('Funding Pool')).toBe(150000);
  });

  it('8. a manual row without splits goes to Unassigned; a loan moves by the principle', async () => {
    const id = await open(0);
    await manual(id, -3000);
    expect(await balanceOf('Unassigned')).toBe(-3000);
    expect((await account(id)).balance).toBe(-3000);
    const loan = await open(-1000000, 'Transactions', 'loan', 'auto');
    await manual(loan, 50000, [['Miscellaneous', 50000]], '2025-03-05', 42000);
    expect((await account(loan)).balance).toBe(-958000);
  });

  it('9. editing splits reverses the old ones and applies the new ones; the sum must hold', async () => {
    const id = await open(0);
    const { transactionId } = await manual(id, -8000, [['Groceries', -8000]]);
    await bed.transactions.edit(caller, transactionId, { version: 0, splits: [{ categoryId: cat('Groceries'), amount: -5000 }, { categoryId: cat('Furniture'), amount: -3000 }] });
    expect(await balanceOf('Groceries')).toBe(-5000);
    expect(await balanceOf('Furniture')).toBe(-3000);
    await expect(bed.transactions.edit(caller, transactionId, { version: 1, splits: [{ categoryId: cat('Groceries'), amount: -7000 }] })).rejects.toThrow(
      'The sum of the categories does not match the transaction amount.',
    );
    expect(await balanceOf('Groceries')).toBe(-5000);
  });

  it('10. a stale version is refused and changes nothing; the current one is saved as the next', async () => {
    const id = await open(0);
    const { transactionId } = await manual(id, -1000);
    await bed.transactions.edit(caller, transactionId, { version: 0, comment: 'one' });
    await expect(bed.transactions.edit(caller, transactionId, { version: 0, comment: 'two' })).rejects.toThrow('stale');
    await bed.transactions.edit(caller, transactionId, { version: 1, comment: 'three' });
    const { rows } = await bed.db.pool.query('SELECT version, comment FROM ledger_transactions WHERE id = $1', [transactionId]);
    expect(rows[0]).toEqual({ version: 2, comment: 'three' });
  });

  it('11. delete is soft and fully reversing; a second delete changes nothing', async () => {
    const id = await open(0);
    const { transactionId } = await manual(id, -4500, [['Dining Out', -4500]]);
    await bed.transactions.delete(caller, transactionId);
    await bed.transactions.delete(caller, transactionId);
    expect(await balanceOf('Dining Out')).toBe(0);
    expect((await account(id)).balance).toBe(0);
    const { rows } = await bed.db.pool.query('SELECT deleted FROM ledger_transactions WHERE id = $1', [transactionId]);
    expect(rows[0].deleted).toBe(true);
  });

  it('19. statements: credits, debits and reconcile all', async () => {
    const id = await open(100000, 'Transactions', 'depository', 'checking', '2024-12-01');
    await manual(id, 20000, [['Miscellaneous', 20000]], '2025-01-10');
    await manual(id, -35000, [['Miscellaneous', -35000]], '2025-01-20');
    const statementId = await bed.statements.createStatement(caller, id, { startDate: '2025-01-01', endDate: '2025-01-31', startingBalance: 100000, endingBalance: 85000 });
    // A new statement holds nothing: the user ticks its rows (README "Dates and statements").
    const held = await bed.db.pool.query('SELECT count(*)::int AS n FROM ledger_transactions WHERE statement_id = $1', [statementId]);
    expect(held.rows[0].n).toBe(0);
    await bed.statements.changeStatement(caller, statementId, { reconcile: 'All' });
    const { rows } = await bed.db.pool.query(
      `SELECT sum(amount_cents) FILTER (WHERE amount_cents > 0)::int AS credits, sum(amount_cents) FILTER (WHERE amount_cents < 0)::int AS debits
         FROM ledger_transactions WHERE statement_id = $1 AND NOT deleted`,
      [statementId],
    );
    expect(rows[0]).toEqual({ credits: 20000, debits: -35000 });
    await bed.statements.changeStatement(caller, statementId, { reconcile: 'None' });
    await bed.statements.changeStatement(caller, statementId, { reconcile: 'All' });
    const again = await bed.db.pool.query('SELECT count(*)::int AS n FROM ledger_transactions WHERE statement_id = $1', [statementId]);
    expect(again.rows[0].n).toBe(2);
  });

  it('19. un-ticking a row that Reconcile All took in clears it (toggle through the versioned PATCH)', async () => {
    const id = await open(100000, 'Transactions', 'depository', 'checking', '2024-12-01');
    const { transactionId } = await manual(id, -2500, [['Miscellaneous', -2500]], '2025-01-10');
    const statementId = await bed.statements.createStatement(caller, id, { startDate: '2025-01-01', endDate: '2025-01-31', startingBalance: 100000, endingBalance: 97500 });
    await bed.statements.changeStatement(caller, statementId, { reconcile: 'All' });
    const linked = async () => (await bed.db.pool.query('SELECT statement_id, version FROM ledger_transactions WHERE id = $1', [transactionId])).rows[0];
    expect(await linked()).toEqual({ statement_id: statementId, version: 0 });
    await bed.transactions.edit(caller, transactionId, { version: 0, statementId: null });
    expect(await linked()).toEqual({ statement_id: null, version: 1 });
    await bed.transactions.edit(caller, transactionId, { version: 1, statementId });
    expect(await linked()).toEqual({ statement_id: statementId, version: 2 });
  });

  it('20. a Balances account takes the newest history row; deletes fall back', async () => {
    const id = await open(500000, 'Balances', 'investment', 'brokerage', '2025-01-31');
    const { balanceId } = await bed.statements.recordBalance(caller, id, '2025-02-28', 520000);
    expect((await account(id)).balance).toBe(520000);
    await bed.statements.removeBalance(caller, balanceId);
    expect((await account(id)).balance).toBe(500000);
    const { rows } = await bed.db.pool.query('SELECT id FROM ledger_balance_history WHERE account_id = $1', [id]);
    await bed.statements.removeBalance(caller, rows[0].id);
    expect((await account(id)).balance).toBe(0);
    expect(await balanceOf('Funding Pool')).toBe(0);
  });
});

/**
 * Tracking (product-spec §3) is chosen when an account is opened, with a default that keeps loans
 * and investments off the budget, and can be changed afterwards: the change re-derives the budget
 * from the account's transactions, set-based, and never moves the account's balance.
 */
describe('tracking', () => {
  const categoryRows = async (categoryName: string) =>
    Number((await bed.db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_register_rows WHERE register = 'c:' || $1", [cat(categoryName)])).rows[0]!.n);
  const startingBalances = async (id: string) =>
    (await bed.db.pool.query<{ date: string; amount: string }>(
      "SELECT to_char(date, 'YYYY-MM-DD') AS date, amount_cents AS amount FROM ledger_transactions WHERE account_id = $1 AND kind = 'starting-balance'",
      [id],
    )).rows.map((r) => [r.date, Number(r.amount)]);

  it('a car loan opened without a tracking leaves the Funding Pool untouched; so does an investment', async () => {
    const { accountIds } = await bed.accounts.addInstitution(caller, 'Auto Lender', [
      { name: 'Car', balance: -1200000, type: 'loan', subtype: 'auto', rate: 5250, startDate: '2025-03-01' },
      { name: 'Index Fund', balance: 800000, type: 'investment', subtype: 'brokerage', rate: null, startDate: '2025-03-01' },
    ]);
    expect(await balanceOf('Funding Pool')).toBe(0);
    const [car, fund] = await Promise.all(accountIds.map(account));
    expect([car!.tracking, car!.balance, fund!.tracking, fund!.balance]).toEqual(['Uncategorized Transactions', -1200000, 'Balances', 800000]);
  });

  it('Transactions → Uncategorized: the starting balance leaves the Funding Pool, the rows leave their categories; and back', async () => {
    const id = await open(100000, 'Transactions', 'depository', 'checking', '2025-03-01');
    await manual(id, -3000);
    await manual(id, -2500, [['Groceries', -2500]]);
    // Before the start date: refused, so never in the budget (README "Dates and statements").
    await expect(manual(id, -900, [['Groceries', -900]], '2025-02-20')).rejects.toThrow("The date is before the account's start date (2025-03-01).");
    expect([await balanceOf('Funding Pool'), await balanceOf('Unassigned'), await balanceOf('Groceries')]).toEqual([100000, -3000, -2500]);

    const before = await bed.store.headPosition();
    await bed.accounts.changeAccount(caller, id, { startDate: '2025-03-01', tracking: 'Uncategorized Transactions' });
    const { rows: written } = await bed.db.pool.query('SELECT type FROM es_events WHERE user_id = $1 AND position > $2 ORDER BY position', [caller.userId, before.toString()]);
    expect(written.map((e) => e.type), 'one event, the rest re-derived').toEqual(['AccountTrackingChanged']);
    expect([await balanceOf('Funding Pool'), await balanceOf('Unassigned'), await balanceOf('Groceries')]).toEqual([0, 0, 0]);
    expect([await categoryRows('Funding Pool'), await categoryRows('Groceries')]).toEqual([0, 0]);
    expect((await account(id)).balance).toBe(94500);

    await bed.accounts.changeAccount(caller, id, { tracking: 'Transactions' });
    expect([await balanceOf('Funding Pool'), await balanceOf('Unassigned'), await balanceOf('Groceries')]).toEqual([100000, -3000, -2500]);
    expect([await categoryRows('Funding Pool'), await categoryRows('Groceries')]).toEqual([1, 1]);
    expect((await account(id)).balance).toBe(94500);
    expect(await startingBalances(id)).toEqual([['2025-03-01', 100000]]);
  });

  it('Uncategorized → Transactions on an account opened so: a starting balance is made, its rows enter Unassigned', async () => {
    const id = await open(50000, 'Uncategorized Transactions', 'credit', 'credit card', '2025-03-01');
    await manual(id, -4000);
    expect([await balanceOf('Funding Pool'), await balanceOf('Unassigned'), (await account(id)).balance]).toEqual([0, 0, 46000]);
    await bed.accounts.changeAccount(caller, id, { startDate: '2025-03-02', tracking: 'Transactions' });
    expect(await startingBalances(id)).toEqual([['2025-03-02', 50000]]);
    expect([await balanceOf('Funding Pool'), await balanceOf('Unassigned'), (await account(id)).balance]).toEqual([50000, -4000, 46000]);
  });

  it('Balances → Uncategorized keeps the newest history balance; → Balances keeps the balance as today\'s history row', async () => {
    const id = await open(500000, 'Balances', 'investment', 'brokerage', '2025-01-31');
    await bed.statements.recordBalance(caller, id, '2025-02-28', 520000);
    await bed.accounts.changeAccount(caller, id, { tracking: 'Uncategorized Transactions' });
    expect((await account(id)).balance).toBe(520000);
    await manual(id, 10000, [], '2025-03-05');
    expect((await account(id)).balance).toBe(530000);
    await bed.accounts.changeAccount(caller, id, { tracking: 'Balances' });
    expect((await account(id)).balance).toBe(530000);
    const { rows } = await bed.db.pool.query("SELECT to_char(date, 'YYYY-MM-DD') AS date, balance_cents::int AS b FROM ledger_balance_history WHERE account_id = $1 ORDER BY date", [id]);
    expect(rows).toEqual([{ date: '2025-01-31', b: 500000 }, { date: '2025-02-28', b: 520000 }, { date: '2025-03-15', b: 530000 }]);
    expect(await balanceOf('Funding Pool')).toBe(0);
  });

  it('refuses a tracking that is not one of the three, and changes nothing', async () => {
    const id = await open(1000);
    const before = await bed.store.headPosition();
    await expect(bed.accounts.changeAccount(caller, id, { tracking: 'None' })).rejects.toThrow('The tracking must be Transactions, Uncategorized Transactions or Balances.');
    expect(await bed.store.headPosition()).toBe(before);
  });
});
