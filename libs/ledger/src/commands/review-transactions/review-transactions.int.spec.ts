import { RecordBankFeed, type BankFeedRow } from '@budget/contracts';
import { budgetProjections } from '@budget/budget';
import { FixedClock, NotFound, rebuildReadModels } from '@budget/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankTransactionId } from '../../domain/bank-rows/bank-transaction-id.js';
import { ForbiddenChange, UnknownReference } from '../../domain/domain-error.js';
import { ledgerProjection } from '../../projection/ledger.projection.js';
import { newTransactionsCount } from '../../queries/new-transactions-count/new-transactions-count.sql.js';
import { registerPage } from '../../queries/register-page.sql.js';
import { LedgerTestbed } from '../../testing/ledger-testbed.js';
import { BulkTransactionsCommand } from '../bulk-transactions/bulk-transactions.command.js';
import { BulkTransactionsHandler } from '../bulk-transactions/bulk-transactions.handler.js';
import { BankRowLookups } from '../record-bank-rows/bank-row-lookups.js';
import { RecordBankFeedHandler } from '../record-bank-rows/record-bank-feed.handler.js';
import { RecordBankRowsHandler } from '../record-bank-rows/record-bank-rows.handler.js';
import { ReviewTransactionsCommand } from './review-transactions.command.js';
import { ReviewTransactionsHandler } from './review-transactions.handler.js';

/**
 * The register's review state (docs/architecture.md §4.6 "Review state") and bulk actions
 * ("Bulk actions"), in both projection modes: rows a sync records are new ("synced"), a typed row
 * the bank's row claims at another amount is new ("amount", the tipped bill), a user's edit or
 * review clears it, "unreview" marks it again; the count and the register's "new" filter follow;
 * bulk categorise/delete/review are all or nothing (another user's id: 404, nothing changes); a
 * rebuild from the log equals the live read models.
 */
const PLAID_ACCOUNT = 'plaid-checking';

describe.each(['inline', 'async'] as const)('review state with %s projection', (mode) => {
  let bed: LedgerTestbed;
  const clock = new FixedClock(new Date('2025-03-15T08:00:00Z'));
  beforeAll(async () => {
    bed = await LedgerTestbed.start(`ledger_review_${mode}`, mode);
  }, 60_000);
  afterAll(async () => bed.stop());

  const feed = () => {
    const lookups = new BankRowLookups(bed.db.pool);
    return new RecordBankFeedHandler(lookups, new RecordBankRowsHandler(bed.writer, bed.lookups, lookups), bed.lookups, bed.writer, clock);
  };
  const review = (userId: string, ids: string[], reviewed = true) => new ReviewTransactionsHandler(bed.writer, bed.db.pool).execute(new ReviewTransactionsCommand(userId, ids, reviewed));
  const bulk = (userId: string, action: BulkTransactionsCommand['action'], ids: string[], categoryId?: string) =>
    new BulkTransactionsHandler(bed.writer, bed.lookups, bed.views, bed.db.pool).execute(new BulkTransactionsCommand(userId, action, ids, categoryId));

  async function linkedChecking() {
    const user = await bed.newUser();
    const { institutionId, accountIds } = await bed.accounts.addInstitution(user.caller, 'Bank', [
      {
        name: 'Checking', balance: 100_000, type: 'depository', subtype: 'checking', tracking: 'Transactions', rate: null, startDate: '2025-03-01',
        plaid: { accountId: PLAID_ACCOUNT, balance: 100_000, officialName: null, mask: '0001' },
      },
    ]);
    const c = (name: string) => user.categories.get(name)!;
    return { caller: user.caller, userId: user.caller.userId, institutionId, accountId: accountIds[0]!, unassigned: c('Unassigned'), groceries: c('Groceries'), dining: c('Dining Out') };
  }
  const row = (id: string, amountCents: number, date: string, overrides: Partial<BankFeedRow> = {}): BankFeedRow => ({
    plaidAccountId: PLAID_ACCOUNT, transactionId: id, pendingTransactionId: null, date, name: `BANK ${id}`, amountCents, pending: false, ...overrides,
  });
  const sync = (userId: string, institutionId: string, plaidBalance: number, rows: BankFeedRow[] = [], options: { fromStart?: boolean; removals?: string[] } = {}) =>
    feed().execute(new RecordBankFeed(userId, institutionId, rows, (options.removals ?? []).map((transactionId) => ({ plaidAccountId: PLAID_ACCOUNT, transactionId })), [{ plaidAccountId: PLAID_ACCOUNT, balanceCents: plaidBalance }], undefined, options.fromStart ?? false));
  const reasons = async (accountId: string) =>
    Object.fromEntries((await bed.db.pool.query<{ id: string; review_reason: string | null }>(
      "SELECT id::text, review_reason FROM ledger_transactions WHERE account_id = $1 AND NOT deleted AND kind <> 'starting-balance'", [accountId])).rows.map((r) => [r.id, r.review_reason]));
  const newPage = (accountId: string) => registerPage(bed.db.pool, `a:${accountId}`, { offset: 0, limit: 50, search: null, newOnly: true }, { base: 0n, countedFrom: null, uncounted: 0n });

  it('synced rows are new until reviewed or edited; unreview marks them again; the count and the "new" page follow', async () => {
    const a = await linkedChecking();
    await sync(a.userId, a.institutionId, 100_000, [], { fromStart: true });
    const typed = await bed.transactions.recordManual(a.caller, a.accountId, { date: '2025-03-05', name: 'Typed', amount: -100, principle: null, comment: null, splits: [] });
    await sync(a.userId, a.institutionId, 100_000 - 600, [row('r-1', -200, '2025-03-10'), row('r-2', -400, '2025-03-11')]);
    const r1 = bankTransactionId(a.accountId, 'plaid', 'r-1');
    const r2 = bankTransactionId(a.accountId, 'plaid', 'r-2');
    expect(await reasons(a.accountId)).toEqual({ [typed.transactionId]: null, [r1]: 'synced', [r2]: 'synced' });
    expect(await newTransactionsCount(bed.db.pool, a.userId)).toEqual({ count: 2, accounts: [{ id: a.accountId, count: 2 }] });
    const page = await newPage(a.accountId);
    expect(page.count).toBe(2);
    expect(page.transactions.map((t) => [t.id, t.isNew, t.newReason])).toEqual([[r2, true, 'synced'], [r1, true, 'synced']]);

    // Reviewing: one event, a second click appends nothing.
    expect((await review(a.userId, [r1])).data.changed).toEqual([r1]);
    const events = (await bed.userEvents(a.userId)).length;
    expect((await review(a.userId, [r1])).data.changed).toEqual([]);
    expect((await bed.userEvents(a.userId)).length).toBe(events);
    expect(await reasons(a.accountId)).toMatchObject({ [r1]: null, [r2]: 'synced' });

    // The user's edit (categorising) reviews the row; unreview marks a row new again.
    const version = (await bed.views.transaction(a.userId, r2)).version;
    await bed.transactions.edit(a.caller, r2, { version, splits: [{ categoryId: a.groceries, amount: -400 }] });
    expect(await reasons(a.accountId)).toMatchObject({ [r2]: null });
    await review(a.userId, [typed.transactionId], false);
    expect(await reasons(a.accountId)).toMatchObject({ [typed.transactionId]: 'marked' });
    expect(await newTransactionsCount(bed.db.pool, a.userId)).toEqual({ count: 1, accounts: [{ id: a.accountId, count: 1 }] });
    // The review's event moves the version the edit dialog sends.
    expect((await bed.views.transaction(a.userId, typed.transactionId)).version).toBe(1);
  }, 60_000);

  it('a typed row the bank claims at another amount (the tipped bill) is new with its reason', async () => {
    const a = await linkedChecking();
    await sync(a.userId, a.institutionId, 100_000, [], { fromStart: true });
    const typed = await bed.transactions.recordManual(a.caller, a.accountId, { date: '2025-03-10', name: 'Bistro dinner', amount: -4686, principle: null, comment: null, splits: [{ categoryId: a.dining, amount: -4686 }] });
    await sync(a.userId, a.institutionId, 100_000, [row('p-1', -4686, '2025-03-11', { pending: true })]);
    expect(await reasons(a.accountId)).toEqual({ [typed.transactionId]: null });
    await sync(a.userId, a.institutionId, 100_000 - 5670, [row('t-1', -5670, '2025-03-12', { pendingTransactionId: 'p-1' })], { removals: ['p-1'] });
    expect(await reasons(a.accountId)).toEqual({ [typed.transactionId]: 'amount' });
    const [shown] = (await newPage(a.accountId)).transactions;
    expect(shown).toMatchObject({ id: typed.transactionId, isNew: true, newReason: 'amount' });
  }, 60_000);

  it('bulk categorise, delete and review: one event per row, all or nothing, another user\'s id is 404 and changes nothing', async () => {
    const a = await linkedChecking();
    const b = await linkedChecking();
    await sync(a.userId, a.institutionId, 100_000, [], { fromStart: true });
    await sync(a.userId, a.institutionId, 100_000 - 1500, [1, 2, 3, 4, 5].map((n) => row(`b-${n}`, -100 * n, `2025-03-0${n + 2}`)));
    const ids = [1, 2, 3, 4, 5].map((n) => bankTransactionId(a.accountId, 'plaid', `b-${n}`));
    const bRow = (await bed.transactions.recordManual(b.caller, b.accountId, { date: '2025-03-05', name: 'Theirs', amount: -100, principle: null, comment: null, splits: [] })).transactionId;
    const before = (await bed.userEvents(a.userId)).length;

    // Another user's id among mine: 404, nothing appended for either user.
    const bEvents = (await bed.userEvents(b.userId)).length;
    await expect(bulk(a.userId, 'categorise', [...ids, bRow], a.groceries)).rejects.toBeInstanceOf(NotFound);
    await expect(bulk(a.userId, 'review', [ids[0]!, '00000000-0000-4000-8000-000000000000'])).rejects.toBeInstanceOf(NotFound);
    expect((await bed.userEvents(a.userId)).length).toBe(before);
    expect((await bed.userEvents(b.userId)).length).toBe(bEvents);
    // A starting balance among them: 422, nothing appended.
    const { rows: [start] } = await bed.db.pool.query<{ id: string }>("SELECT id::text FROM ledger_transactions WHERE account_id = $1 AND kind = 'starting-balance'", [a.accountId]);
    await expect(bulk(a.userId, 'delete', [ids[0]!, start!.id])).rejects.toBeInstanceOf(ForbiddenChange);
    await expect(bulk(a.userId, 'categorise', [ids[0]!, start!.id], a.groceries)).rejects.toBeInstanceOf(ForbiddenChange);
    await expect(bulk(a.userId, 'categorise', ids, '00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(UnknownReference);
    expect((await bed.userEvents(a.userId)).length).toBe(before);

    // Categorise three: each row's whole amount in Groceries, reviewed; the balance moves by their sum.
    const groceries = (await bed.lookups.knownBalances(a.userId, [], [a.groceries])).categories.get(a.groceries)!.balance;
    const answer = await bulk(a.userId, 'categorise', ids.slice(0, 3), a.groceries);
    expect(answer.data.changed).toEqual(ids.slice(0, 3));
    expect(answer.data.categories.find((c) => c.id === a.groceries)!.balance).toBe((Number(groceries) - 600) / 100);
    expect((await bed.userEvents(a.userId)).length).toBe(before + 3);
    const r = await reasons(a.accountId);
    expect(ids.map((id) => r[id])).toEqual([null, null, null, 'synced', 'synced']);
    // Again: nothing changes.
    expect((await bulk(a.userId, 'categorise', ids.slice(0, 3), a.groceries)).data.changed).toEqual([]);
    expect((await bed.userEvents(a.userId)).length).toBe(before + 3);

    // Review the rest, then delete two (deleted rows leave the count).
    expect((await bulk(a.userId, 'review', ids.slice(3))).data.changed).toEqual(ids.slice(3));
    await bulk(a.userId, 'unreview', [ids[4]!]);
    expect(await newTransactionsCount(bed.db.pool, a.userId)).toEqual({ count: 1, accounts: [{ id: a.accountId, count: 1 }] });
    const deleted = await bulk(a.userId, 'delete', [ids[3]!, ids[4]!]);
    expect(deleted.data.acctBalances).toEqual([{ id: a.accountId, balance: (100_000 - 1500 + 900) / 100 }]);
    expect(await newTransactionsCount(bed.db.pool, a.userId)).toEqual({ count: 0, accounts: [] });
    await expect(bulk(a.userId, 'review', [ids[3]!])).rejects.toBeInstanceOf(UnknownReference);
  }, 60_000);

  it('a rebuild from the log equals the live read models', async () => {
    const tables = ['ledger_transactions', 'ledger_accounts', 'ledger_category_balances'];
    const snapshot = async () => Promise.all(tables.map(async (table) => (await bed.db.pool.query(`SELECT * FROM ${table} ORDER BY 1, 2`)).rows));
    await bed.projector.caughtUp(await bed.store.headPosition(), 15_000);
    const live = await snapshot();
    expect(live[0]!.some((t: { review_reason: string | null }) => t.review_reason !== null)).toBe(true);
    await bed.projector.stop();
    await rebuildReadModels({ pool: bed.db.pool, store: bed.store, projections: [...budgetProjections, ledgerProjection] });
    expect(await snapshot()).toEqual(live);
  }, 60_000);
});
