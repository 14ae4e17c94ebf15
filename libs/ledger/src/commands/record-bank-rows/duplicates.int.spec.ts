import { NotFound, rebuildReadModels, type Caller } from '@budget/platform';
import { budgetProjections } from '@budget/budget';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankRowTransactionId, type BankRow } from '../../domain/bank-rows/bank-row.decide.js';
import { ledgerProjection } from '../../projection/ledger.projection.js';
import { LedgerTestbed } from '../../testing/ledger-testbed.js';
import { DedupTransactionCommand } from '../dedup-transaction/dedup-transaction.command.js';
import { DedupTransactionHandler } from '../dedup-transaction/dedup-transaction.handler.js';
import { BankRowLookups } from './bank-row-lookups.js';
import { RecordBankRowsCommand } from './record-bank-rows.command.js';
import { RecordBankRowsHandler } from './record-bank-rows.handler.js';

let bed: LedgerTestbed;
beforeAll(async () => {
  bed = await LedgerTestbed.start('ledger_duplicates');
}, 60_000);
afterAll(async () => bed.stop());

const record = (caller: Caller, rows: BankRow[], chunkSize?: number) =>
  new RecordBankRowsHandler(bed.writer, bed.lookups, new BankRowLookups(bed.db.pool)).execute(new RecordBankRowsCommand(caller.userId, rows, [], chunkSize));
const dedup = (caller: Caller, id: string) => new DedupTransactionHandler(bed.writer, bed.lookups).execute(new DedupTransactionCommand(caller.userId, id));

async function accountWithManual(amount = -4200, date = '2025-03-10') {
  const user = await bed.newUser();
  const { accountIds } = await bed.accounts.addInstitution(user.caller, 'Bank', [
    { name: 'Checking', balance: 0, type: 'depository', subtype: 'checking', tracking: 'Transactions', rate: null, startDate: '2025-01-01' },
    { name: 'Savings', balance: 0, type: 'depository', subtype: 'savings', tracking: 'Transactions', rate: null, startDate: '2025-01-01' },
  ]);
  const [accountId, otherAccountId] = accountIds as [string, string];
  const unassigned = user.categories.get('Unassigned')!;
  const manual = await bed.transactions.recordManual(user.caller, accountId, { date, name: 'Groceries by hand', amount, principle: null, comment: null, splits: [] });
  // A second typed row like it, 5 days later: a bank row dated between the two has two candidates,
  // which is ambiguous, so it is flagged for the duplicate dialog rather than claiming either
  // (a bank row with exactly one candidate claims it: claims.int.spec.ts).
  const later = new Date(Date.parse(`${date}T00:00:00Z`) + 5 * 86_400_000).toISOString().slice(0, 10);
  const second = await bed.transactions.recordManual(user.caller, accountId, { date: later, name: 'Groceries by hand too', amount, principle: null, comment: null, splits: [] });
  return { ...user, accountId, otherAccountId, unassigned, manualId: manual.transactionId, secondManualId: second.transactionId };
}

const bankRow = (accountId: string, id: string, overrides: Partial<BankRow> = {}): BankRow => ({
  accountId, provider: 'plaid', providerTransactionId: id, pendingTransactionId: null, date: '2025-03-12', name: 'GROCER 123', amount: -4200, pending: false, ...overrides,
});

async function flags(accountId: string) {
  const { rows } = await bed.db.pool.query<{ id: string; duplicate_of: string | null }>(
    'SELECT id::text, duplicate_of::text FROM ledger_transactions WHERE account_id = $1 AND NOT deleted AND duplicate_of IS NOT NULL ORDER BY id', [accountId]);
  return Object.fromEntries(rows.map((r) => [r.id, r.duplicate_of]));
}

describe('duplicate bank rows', () => {
  it('flags the one bank row like two typed rows (same account and amount, 2 days after the first): the closest; the second like it, another account and 4 days off stay unflagged; the flagged row counts', async () => {
    const { caller, accountId, otherAccountId, manualId } = await accountWithManual();
    const first = bankRow(accountId, 'a');
    const rows = [first, bankRow(accountId, 'b', { date: '2025-03-09' }), bankRow(otherAccountId, 'c'), bankRow(accountId, 'd', { date: '2025-03-14' })];
    await record(caller, rows, 2);
    expect(await flags(accountId)).toEqual({ [bankRowTransactionId(first)]: manualId });
    expect(await flags(otherAccountId)).toEqual({});
    const view = await bed.views.transaction(caller.userId, bankRowTransactionId(first));
    expect(view.duplicateOfTransactionId).toBe(manualId);
    // Real bank data: it counts in the balance until the user resolves the pair.
    // (`d`, 4 days off the first typed row, is near only the second one: it claims it, and counts once.)
    const known = await bed.lookups.knownBalances(caller.userId, [accountId], []);
    expect(known.accounts.get(accountId)?.balance).toBe(-4200 * 4);
  }, 60_000);

  it('looks the candidates up once per chunk, whatever the chunk\'s size (600 rows in chunks of 250: 3 lookups)', async () => {
    const { caller, accountId, manualId } = await accountWithManual();
    const calls: number[] = [];
    class CountingLookups extends BankRowLookups {
      override async duplicateCandidates(userId: string, probes: Parameters<BankRowLookups['duplicateCandidates']>[1]) {
        calls.push(probes.length);
        return super.duplicateCandidates(userId, probes);
      }
    }
    const rows = Array.from({ length: 600 }, (_, i) => bankRow(accountId, `bulk-${i}`, { date: '2025-03-11', amount: -4200 - (i % 3) }));
    await new RecordBankRowsHandler(bed.writer, bed.lookups, new CountingLookups(bed.db.pool)).execute(new RecordBankRowsCommand(caller.userId, rows, [], 250));
    expect(calls).toEqual([250, 250, 100]);
    // One original, claimed by one of the 200 rows like it.
    expect(Object.values(await flags(accountId))).toEqual([manualId]);
  }, 60_000);

  it('dedup clears the flag with an event on the row\'s stream (version + 1), once; the next sync flags nothing again', async () => {
    const { caller, accountId } = await accountWithManual();
    const row = bankRow(accountId, 'a', { pending: true });
    await record(caller, [row]);
    const id = bankRowTransactionId(row);
    expect(Object.keys(await flags(accountId))).toEqual([id]);
    await dedup(caller, id);
    await dedup(caller, id);
    expect(await flags(accountId)).toEqual({});
    const view = await bed.views.transaction(caller.userId, id);
    expect(view).toMatchObject({ duplicateOfTransactionId: null, version: 1 });
    // It posts under another id, as Plaid posts a pending row: the cleared flag stays cleared.
    await record(caller, [{ ...row, providerTransactionId: 'posted-a', pendingTransactionId: 'a', pending: false }]);
    expect(await flags(accountId)).toEqual({});
  }, 60_000);

  it('dedup of another user\'s transaction is not found and changes nothing', async () => {
    const owner = await accountWithManual();
    const intruder = await accountWithManual();
    const row = bankRow(owner.accountId, 'a');
    await record(owner.caller, [row]);
    await expect(dedup(intruder.caller, bankRowTransactionId(row))).rejects.toBeInstanceOf(NotFound);
    expect(Object.keys(await flags(owner.accountId))).toEqual([bankRowTransactionId(row)]);
  }, 60_000);

  it('deleting the original, or the flagged row, resolves the pair; a rebuild from the log shows the same', async () => {
    const one = await accountWithManual();
    const two = await accountWithManual();
    const a = bankRow(one.accountId, 'a');
    const b = bankRow(two.accountId, 'b');
    await record(one.caller, [a]);
    await record(two.caller, [b]);
    await bed.transactions.delete(one.caller, one.manualId);
    await bed.transactions.delete(two.caller, bankRowTransactionId(b));
    expect(await flags(one.accountId)).toEqual({});
    const view = await bed.views.transaction(one.caller.userId, bankRowTransactionId(a));
    expect(view.duplicateOfTransactionId).toBeNull();
    // A third pair left flagged, so the rebuild has something to keep (last test: it stops the projector).
    const three = await accountWithManual();
    const c = bankRow(three.accountId, 'c');
    await record(three.caller, [c]);
    const before = await bed.db.pool.query('SELECT id, duplicate_of, version FROM ledger_transactions ORDER BY id');
    await bed.projector.stop();
    await rebuildReadModels({ pool: bed.db.pool, store: bed.store, projections: [...budgetProjections, ledgerProjection] });
    expect((await bed.db.pool.query('SELECT id, duplicate_of, version FROM ledger_transactions ORDER BY id')).rows).toEqual(before.rows);
    expect(await flags(three.accountId)).toEqual({ [bankRowTransactionId(c)]: three.manualId });
  }, 60_000);

});
