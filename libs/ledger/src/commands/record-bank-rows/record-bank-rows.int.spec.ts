import type { Caller } from '@budget/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankRowTransactionId, type BankRow } from '../../domain/bank-rows/bank-row.decide.js';
import { LedgerTestbed } from '../../testing/ledger-testbed.js';
import { BankRowLookups } from './bank-row-lookups.js';
import { RecordBankRowsCommand } from './record-bank-rows.command.js';
import { RecordBankRowsHandler } from './record-bank-rows.handler.js';

let bed: LedgerTestbed;
beforeAll(async () => {
  bed = await LedgerTestbed.start('ledger_bank_rows');
}, 60_000);
afterAll(async () => bed.stop());

/** A lookup whose read model never shows anything: what a crashed run or a lagging projection looks like. */
class BlindLookups extends BankRowLookups {
  override async knownTransactions(): Promise<Set<string>> {
    return new Set();
  }
}

const handler = (blind = false) => new RecordBankRowsHandler(bed.writer, bed.lookups, blind ? new BlindLookups(bed.db.pool) : new BankRowLookups(bed.db.pool));

async function linkedAccount() {
  const user = await bed.newUser();
  const { accountIds } = await bed.accounts.addInstitution(user.caller, 'Bank', [
    { name: 'Checking', balance: 0, type: 'depository', subtype: 'checking', tracking: 'Transactions', rate: null, startDate: '2025-01-01' },
  ]);
  return { ...user, accountId: accountIds[0]!, unassigned: user.categories.get('Unassigned')!, dining: user.categories.get('Dining Out')! };
}

const rowsOf = (accountId: string, n: number, prefix = 'tx'): BankRow[] =>
  Array.from({ length: n }, (_, i) => ({
    accountId, provider: 'plaid', providerTransactionId: `${prefix}-${i}`, pendingTransactionId: null,
    date: `2025-02-${String((i % 28) + 1).padStart(2, '0')}`, name: `SHOP ${i}`, amount: -(100 + i), pending: false,
  }));
const total = (rows: readonly BankRow[]) => rows.reduce((sum, r) => sum + r.amount, 0);

async function balances(caller: Caller, accountId: string, categoryIds: string[]) {
  const known = await bed.lookups.knownBalances(caller.userId, [accountId], categoryIds);
  return { account: known.accounts.get(accountId)?.balance, categories: Object.fromEntries(categoryIds.map((id) => [id, known.categories.get(id)?.balance])) };
}

async function transactionEvents(userId: string) {
  const { rows } = await bed.db.pool.query<{ type: string; n: string }>(
    `SELECT type, count(*) AS n FROM es_events WHERE user_id = $1 AND metadata->>'actor' = 'plaid' GROUP BY type`, [userId]);
  return Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
}

describe('recording bank rows', () => {
  it('records 600 rows under Unassigned in chunks (one append each), and a second run appends nothing', async () => {
    const { caller, accountId, unassigned } = await linkedAccount();
    const rows = rowsOf(accountId, 600);
    const first = await handler().execute(new RecordBankRowsCommand(caller.userId, rows, [], 250));
    expect(first).toMatchObject({ added: 600, unassigned: 600, changed: 0, unchanged: 0, chunks: 3 });
    expect(await balances(caller, accountId, [unassigned])).toEqual({ account: total(rows), categories: { [unassigned]: total(rows) } });

    const again = await handler().execute(new RecordBankRowsCommand(caller.userId, rows, [], 250));
    expect(again).toMatchObject({ added: 0, unassigned: 0, unchanged: 600, chunks: 0 });
    expect(await transactionEvents(caller.userId)).toMatchObject({ TransactionRecorded: 600 + 0 });
  }, 60_000);

  it('appends each row once when the read model shows none of them (a crashed run re-fetched): the store refuses the second first append', async () => {
    const { caller, accountId, unassigned } = await linkedAccount();
    const rows = rowsOf(accountId, 300);
    await handler().execute(new RecordBankRowsCommand(caller.userId, rows.slice(0, 120), [], 100));
    const rerun = await handler(true).execute(new RecordBankRowsCommand(caller.userId, rows, [], 100));
    expect(rerun).toMatchObject({ added: 180, unchanged: 120 });
    expect(await transactionEvents(caller.userId)).toEqual({ TransactionRecorded: 300 });
    expect(await balances(caller, accountId, [unassigned])).toEqual({ account: total(rows), categories: { [unassigned]: total(rows) } });
  }, 60_000);

  it('appends each row once when two syncs of the same rows run at the same time', async () => {
    const { caller, accountId } = await linkedAccount();
    const rows = rowsOf(accountId, 400);
    const results = await Promise.all([
      handler(true).execute(new RecordBankRowsCommand(caller.userId, rows, [], 100)),
      handler(true).execute(new RecordBankRowsCommand(caller.userId, rows, [], 100)),
    ]);
    expect(results[0]!.added + results[1]!.added).toBe(400);
    expect(await transactionEvents(caller.userId)).toEqual({ TransactionRecorded: 400 });
    expect((await balances(caller, accountId, [])).account).toBe(total(rows));
  }, 60_000);

  it('pending → posted: the user\'s one category (Dining) follows the posted amount, and the pending row is retired (rule 4, the tipped bill)', async () => {
    const { caller, accountId, unassigned, dining } = await linkedAccount();
    const pending: BankRow = { accountId, provider: 'plaid', providerTransactionId: 'p-1', pendingTransactionId: null, date: '2025-03-05', name: 'BISTRO', amount: -2000, pending: true };
    await handler().execute(new RecordBankRowsCommand(caller.userId, [pending], []));
    expect(await balances(caller, accountId, [unassigned])).toEqual({ account: 0, categories: { [unassigned]: -2000 } });
    const pendingId = bankRowTransactionId(pending);
    await bed.transactions.edit(caller, pendingId, { version: 0, splits: [{ categoryId: dining, amount: -2000 }] });

    // Plaid sends the posted row and the pending row's removal in the same sync.
    const posted: BankRow = { ...pending, providerTransactionId: 'tx-9', pendingTransactionId: 'p-1', amount: -2350, pending: false, date: '2025-03-07' };
    const result = await handler().execute(new RecordBankRowsCommand(caller.userId, [posted], [{ accountId, provider: 'plaid', providerTransactionId: 'p-1' }]));
    expect(result).toMatchObject({ added: 1, removed: 0, unchanged: 1 });
    expect(await balances(caller, accountId, [unassigned, dining])).toEqual({ account: -2350, categories: { [unassigned]: 0, [dining]: -2350 } });
    const { rows } = await bed.db.pool.query('SELECT id::text, deleted, pending, amount_cents::int AS amount FROM ledger_transactions WHERE account_id = $1 AND provider = $2 ORDER BY amount_cents', [accountId, 'PLAID']);
    expect(rows).toEqual([
      { id: bankRowTransactionId(posted), deleted: false, pending: false, amount: -2350 },
      { id: pendingId, deleted: true, pending: true, amount: -2000 },
    ]);
  }, 60_000);

  it('pending → posted with a hand-made split over two categories: the difference goes to Unassigned and the row is marked for review in its event and its log line', async () => {
    const { caller, accountId, unassigned, dining, categories } = await linkedAccount();
    const groceries = categories.get('Groceries')!;
    const pending: BankRow = { accountId, provider: 'plaid', providerTransactionId: 'p-2', pendingTransactionId: null, date: '2025-03-05', name: 'MARKET CAFE', amount: -2000, pending: true };
    await handler().execute(new RecordBankRowsCommand(caller.userId, [pending], []));
    await bed.transactions.edit(caller, bankRowTransactionId(pending), { version: 0, splits: [{ categoryId: dining, amount: -1500 }, { categoryId: groceries, amount: -500 }] });
    const posted: BankRow = { ...pending, providerTransactionId: 'tx-10', pendingTransactionId: 'p-2', amount: -2350, pending: false };
    await handler().execute(new RecordBankRowsCommand(caller.userId, [posted], [{ accountId, provider: 'plaid', providerTransactionId: 'p-2' }]));
    expect(await balances(caller, accountId, [unassigned, dining, groceries])).toEqual({ account: -2350, categories: { [unassigned]: -350, [dining]: -1500, [groceries]: -500 } });
    const { rows } = await bed.db.pool.query<{ data: { review?: boolean } }>("SELECT data FROM es_events WHERE stream_id = $1 AND type = 'TransactionRecorded'", [`transaction-${bankRowTransactionId(posted)}`]);
    expect(rows[0]?.data.review).toBe(true);
    const { rows: log } = await bed.db.pool.query<{ message: string }>('SELECT message FROM ledger_transaction_logs WHERE transaction_id = $1', [bankRowTransactionId(posted)]);
    expect(log.map((l) => l.message).join('\n')).toMatch(/review it/);
  }, 60_000);

  it('reverses a removed posted row with the right sign, once (weak point 10), and a modified row moves its difference to Unassigned', async () => {
    const { caller, accountId, unassigned, dining } = await linkedAccount();
    const [a, b] = rowsOf(accountId, 2);
    await handler().execute(new RecordBankRowsCommand(caller.userId, [a!, b!], []));
    await bed.transactions.edit(caller, bankRowTransactionId(b!), { version: 0, splits: [{ categoryId: dining, amount: b!.amount }] });
    const removal = { accountId, provider: 'plaid' as const, providerTransactionId: a!.providerTransactionId };
    const result = await handler().execute(new RecordBankRowsCommand(caller.userId, [{ ...b!, amount: b!.amount - 50, name: 'SHOP 1 LTD' }], [removal, removal]));
    expect(result).toMatchObject({ removed: 1, changed: 1, unchanged: 1 });
    expect(await balances(caller, accountId, [unassigned, dining])).toEqual({ account: b!.amount - 50, categories: { [unassigned]: -50, [dining]: b!.amount } });
    await handler().execute(new RecordBankRowsCommand(caller.userId, [], [removal]));
    expect((await balances(caller, accountId, [])).account).toBe(b!.amount - 50);
  }, 60_000);

  it('leaves rows of another user\'s account alone', async () => {
    const owner = await linkedAccount();
    const intruder = await linkedAccount();
    const result = await handler().execute(new RecordBankRowsCommand(intruder.caller.userId, rowsOf(owner.accountId, 3), []));
    expect(result).toMatchObject({ added: 0, skipped: 3 });
    expect(await transactionEvents(owner.caller.userId)).toEqual({});
  }, 60_000);
});
