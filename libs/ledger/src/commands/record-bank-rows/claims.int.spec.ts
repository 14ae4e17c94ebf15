import { RecordBankFeed, type BankFeedRow } from '@budget/contracts';
import { budgetProjections } from '@budget/budget';
import { FixedClock, rebuildReadModels, type Caller } from '@budget/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankTransactionId } from '../../domain/bank-rows/bank-transaction-id.js';
import { ledgerProjection } from '../../projection/ledger.projection.js';
import { bankBalanceCents } from '../../queries/account-bank-balance/account-bank-balance.sql.js';
import { LedgerTestbed } from '../../testing/ledger-testbed.js';
import { BankRowLookups } from './bank-row-lookups.js';
import { RecordBankFeedHandler } from './record-bank-feed.handler.js';
import { RecordBankRowsHandler } from './record-bank-rows.handler.js';
import { MatchDuplicateCommand } from '../match-duplicate/match-duplicate.command.js';
import { MatchDuplicateHandler } from '../match-duplicate/match-duplicate.handler.js';
import { RuleViolation, UnknownReference } from '../../domain/domain-error.js';
import { RecordBankAdjustmentCommand } from '../record-bank-adjustment/record-bank-adjustment.command.js';
import { RecordBankAdjustmentHandler } from '../record-bank-adjustment/record-bank-adjustment.handler.js';

/**
 * A typed row on a linked account survives the next sync, and the bank's row claims it
 * (docs/architecture.md §8), in both projection modes: the starting balance is set once, by the
 * first whole-history feed; a typed row lowers the account at once and stays; the bank's row
 * becomes the typed row (one row, the user's splits, memo and name, the bank's id and date), the
 * Funding Pool never moves, and a second sync of the same row — even with a read model that shows
 * nothing — appends nothing; a pending bank row's claim passes to its posted form; Plaid's balance
 * differing from the cleared balance is shown and never absorbed; a rebuild equals the live read models.
 */
const PLAID_ACCOUNT = 'plaid-checking';

/** A lookup whose read model never shows anything: what a crashed run or a lagging projection looks like. */
class BlindLookups extends BankRowLookups {
  override async knownTransactions(): Promise<Set<string>> {
    return new Set();
  }
  override async claimedBankRows(): Promise<Set<string>> {
    return new Set();
  }
}

describe.each(['inline', 'async'] as const)('claims with %s projection', (mode) => {
  let bed: LedgerTestbed;
  const clock = new FixedClock(new Date('2025-03-15T08:00:00Z'));
  beforeAll(async () => {
    bed = await LedgerTestbed.start(`ledger_claims_${mode}`, mode);
  }, 60_000);
  afterAll(async () => bed.stop());

  const feed = (blind = false) => {
    const lookups = blind ? new BlindLookups(bed.db.pool) : new BankRowLookups(bed.db.pool);
    return new RecordBankFeedHandler(lookups, new RecordBankRowsHandler(bed.writer, bed.lookups, lookups), bed.lookups, bed.writer, clock);
  };

  async function linkedChecking(plaidBalance = 100_000) {
    const user = await bed.newUser();
    const { institutionId, accountIds } = await bed.accounts.addInstitution(user.caller, 'Bank', [
      {
        name: 'Checking', balance: plaidBalance, type: 'depository', subtype: 'checking', tracking: 'Transactions', rate: null, startDate: '2025-03-01',
        plaid: { accountId: PLAID_ACCOUNT, balance: plaidBalance, officialName: null, mask: '0001' },
      },
    ]);
    const c = (name: string) => user.categories.get(name)!;
    return { caller: user.caller, userId: user.caller.userId, institutionId, accountId: accountIds[0]!, pool: c('Funding Pool'), unassigned: c('Unassigned'), groceries: c('Groceries'), dining: c('Dining Out') };
  }

  const row = (id: string, amountCents: number, date: string, overrides: Partial<BankFeedRow> = {}): BankFeedRow => ({
    plaidAccountId: PLAID_ACCOUNT, transactionId: id, pendingTransactionId: null, date, name: `BANK ${id}`, amountCents, pending: false, ...overrides,
  });
  const sync = (userId: string, institutionId: string, plaidBalance: number, rows: BankFeedRow[] = [], options: { fromStart?: boolean; blind?: boolean; removals?: string[] } = {}) =>
    feed(options.blind).execute(new RecordBankFeed(userId, institutionId, rows, (options.removals ?? []).map((transactionId) => ({ plaidAccountId: PLAID_ACCOUNT, transactionId })), [{ plaidAccountId: PLAID_ACCOUNT, balanceCents: plaidBalance }], undefined, options.fromStart ?? false));

  async function balances(caller: Caller, accountId: string, categoryIds: string[]) {
    const known = await bed.lookups.knownBalances(caller.userId, [accountId], categoryIds);
    return { account: known.accounts.get(accountId)?.balance, ...Object.fromEntries(categoryIds.map((id) => [id, known.categories.get(id)?.balance])) };
  }
  const liveRows = async (accountId: string) =>
    (await bed.db.pool.query<{ id: string; name: string; amount: string; date: string; provider: string; provider_transaction_id: string | null; comment: string | null; splits: { categoryId: string; amount: number }[] }>(
      `SELECT id::text, name, amount_cents AS amount, to_char(date, 'YYYY-MM-DD') AS date, provider, provider_transaction_id, comment, splits
         FROM ledger_transactions WHERE account_id = $1 AND NOT deleted AND kind <> 'starting-balance' ORDER BY date, id`, [accountId])).rows;

  it('typed → synced → matched keeps one row with the user\'s splits and memo; the Funding Pool never moves; again appends nothing', async () => {
    const a = await linkedChecking();
    // The link's first sync (the item's whole history): one bank row of −20.00 already inside Plaid's 1,000.00.
    await sync(a.userId, a.institutionId, 100_000, [row('b-1', -2000, '2025-03-03')], { fromStart: true });
    const start = await balances(a.caller, a.accountId, [a.pool, a.groceries]);
    expect(start.account).toBe(100_000);
    expect(await bankBalanceCents(bed.db.pool, a.userId, a.accountId)).toMatchObject({ cleared: 100_000, uncleared: 0, working: 100_000, difference: 0 });

    const typed = await bed.transactions.recordManual(a.caller, a.accountId, { date: '2025-03-12', name: 'ATM cash', amount: -1000, principle: null, comment: 'market money', splits: [{ categoryId: a.groceries, amount: -1000 }] });
    const counted = await balances(a.caller, a.accountId, [a.pool, a.groceries]);
    expect(counted).toEqual({ account: 99_000, [a.pool]: start[a.pool], [a.groceries]: start[a.groceries]! - 1000 });
    expect(await bankBalanceCents(bed.db.pool, a.userId, a.accountId)).toMatchObject({ cleared: 100_000, uncleared: -1000, working: 99_000, difference: 0 });

    // Sync Accounts before the bank has the row: nothing moves (it used to re-derive the starting balance: +10.00 in the Funding Pool).
    await sync(a.userId, a.institutionId, 100_000);
    expect(await balances(a.caller, a.accountId, [a.pool, a.groceries])).toEqual(counted);

    // The bank's row, two days later: it claims the typed row.
    const result = await sync(a.userId, a.institutionId, 99_000, [row('b-2', -1000, '2025-03-14')]);
    expect(result).toMatchObject({ added: 0, matched: 1 });
    expect(await balances(a.caller, a.accountId, [a.pool, a.groceries])).toEqual(counted);
    const rows = await liveRows(a.accountId);
    expect(rows.map((r) => r.id)).toEqual([bankTransactionId(a.accountId, 'plaid', 'b-1'), typed.transactionId]);
    expect(rows[1]).toMatchObject({ name: 'ATM cash', amount: '-1000', date: '2025-03-14', provider: 'PLAID', provider_transaction_id: 'b-2', comment: 'market money', splits: [{ categoryId: a.groceries, amount: -1000 }] });
    expect(await bankBalanceCents(bed.db.pool, a.userId, a.accountId)).toMatchObject({ cleared: 99_000, uncleared: 0, working: 99_000, plaidBalance: 99_000, difference: 0 });
    const { rows: log } = await bed.db.pool.query<{ message: string }>('SELECT message FROM ledger_transaction_logs WHERE transaction_id = $1', [typed.transactionId]);
    expect(log.map((l) => l.message).join('\n')).toMatch(/matched it to the bank's row/);

    // Exactly once by construction: the same row again, with a read model that shows nothing, appends nothing.
    const events = (await bed.userEvents(a.userId)).length;
    const again = await sync(a.userId, a.institutionId, 99_000, [row('b-2', -1000, '2025-03-14')], { blind: true, fromStart: true });
    expect(again).toMatchObject({ added: 0, matched: 0 });
    expect((await bed.userEvents(a.userId)).length).toBe(events);
    expect(await liveRows(a.accountId)).toEqual(rows);
  }, 60_000);

  it('a pending bank row claims the typed row (still uncleared), its posted form takes it over (cleared) and a tip follows the one category', async () => {
    const a = await linkedChecking();
    await sync(a.userId, a.institutionId, 100_000, [], { fromStart: true });
    const typed = await bed.transactions.recordManual(a.caller, a.accountId, { date: '2025-03-10', name: 'Bistro dinner', amount: -4686, principle: null, comment: null, splits: [{ categoryId: a.dining, amount: -4686 }] });
    const before = await balances(a.caller, a.accountId, [a.pool, a.dining, a.unassigned]);
    await sync(a.userId, a.institutionId, 100_000, [row('p-1', -4686, '2025-03-11', { pending: true })]);
    expect(await bankBalanceCents(bed.db.pool, a.userId, a.accountId)).toMatchObject({ uncleared: -4686, working: 100_000 - 4686 });
    expect((await liveRows(a.accountId)).map((r) => [r.id, r.provider, r.provider_transaction_id])).toEqual([[typed.transactionId, 'NONE', 'p-1']]);
    // Posted at −56.70 with the tip; Plaid removes the pending row in the same sync.
    await sync(a.userId, a.institutionId, 100_000 - 5670, [row('t-1', -5670, '2025-03-12', { pendingTransactionId: 'p-1' })], { removals: ['p-1'] });
    const rows = await liveRows(a.accountId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: typed.transactionId, amount: '-5670', provider: 'PLAID', provider_transaction_id: 't-1', splits: [{ categoryId: a.dining, amount: -5670 }] });
    expect(await balances(a.caller, a.accountId, [a.pool, a.dining, a.unassigned])).toEqual({
      account: 100_000 - 5670, [a.pool]: before[a.pool], [a.dining]: before[a.dining]! - (5670 - 4686), [a.unassigned]: before[a.unassigned],
    });
    expect(await bankBalanceCents(bed.db.pool, a.userId, a.accountId)).toMatchObject({ cleared: 100_000 - 5670, uncleared: 0, difference: 0 });
    // The bank withdraws the posted row: the typed row stays as typed, uncleared again.
    await sync(a.userId, a.institutionId, 100_000, [], { removals: ['t-1'] });
    expect((await liveRows(a.accountId)).map((r) => [r.provider, r.provider_transaction_id])).toEqual([['NONE', null]]);
    expect(await bankBalanceCents(bed.db.pool, a.userId, a.accountId)).toMatchObject({ uncleared: -5670, cleared: 100_000, difference: 0 });
  }, 60_000);

  it('the starting balance is set once; a later difference from the bank is shown, never absorbed, until the user records it as one logged adjustment', async () => {
    const a = await linkedChecking(50_000);
    // Plaid's balance 500.00 already holds a −30.00 bank row: starting balance 530.00.
    await sync(a.userId, a.institutionId, 50_000, [row('s-1', -3000, '2025-03-02')], { fromStart: true });
    const { rows: starting } = await bed.db.pool.query<{ o: string }>('SELECT opening_balance_cents AS o FROM ledger_accounts WHERE id = $1', [a.accountId]);
    expect(Number(starting[0]!.o)).toBe(53_000);
    const set = await balances(a.caller, a.accountId, [a.pool]);
    expect(set.account).toBe(50_000);
    // Plaid's balance moves without a row we know (a fee dated before the start date, say): shown, not absorbed.
    await sync(a.userId, a.institutionId, 48_750, [], { fromStart: true });
    expect(await balances(a.caller, a.accountId, [a.pool])).toEqual(set);
    expect(await bankBalanceCents(bed.db.pool, a.userId, a.accountId)).toMatchObject({ cleared: 50_000, working: 50_000, plaidBalance: 48_750, difference: -1250 });
    const { rows: events } = await bed.db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM es_events WHERE user_id = $1 AND type = 'AccountBankStartSet'", [a.userId]);
    expect(events[0]!.n).toBe(1);

    // The user's one click: exactly the difference shown, into the Funding Pool, logged; a stale amount changes nothing.
    const adjust = (amount: number) => new RecordBankAdjustmentHandler(bed.writer, bed.lookups, bed.db.pool, clock).execute(new RecordBankAdjustmentCommand(a.userId, a.accountId, amount));
    await expect(adjust(-1000)).rejects.toBeInstanceOf(RuleViolation);
    expect(await balances(a.caller, a.accountId, [a.pool])).toEqual(set);
    const answer = await adjust(-1250);
    expect(answer.data).toMatchObject({ cleared: 487.5, working: 487.5, uncleared: 0, difference: 0 });
    expect(await balances(a.caller, a.accountId, [a.pool])).toEqual({ account: 48_750, [a.pool]: set[a.pool]! - 1250 });
    await expect(adjust(-1250)).rejects.toBeInstanceOf(RuleViolation);
    const { rows: log } = await bed.db.pool.query<{ message: string }>("SELECT message FROM ledger_transaction_logs WHERE user_id = $1 AND message LIKE '%bank balance adjustment%'", [a.userId]);
    expect(log).toHaveLength(1);
  }, 60_000);

  it('an account not set yet, seen in a feed that is not the whole history, is reported without history and left alone', async () => {
    const a = await linkedChecking(70_000);
    const result = await sync(a.userId, a.institutionId, 70_000, [row('h-1', -500, '2025-03-05')]);
    expect(result.withoutHistory).toBe(1);
    const again = await sync(a.userId, a.institutionId, 70_000, [row('h-1', -500, '2025-03-05')], { fromStart: true });
    expect(again.withoutHistory).toBe(0);
    expect((await balances(a.caller, a.accountId, [])).account).toBe(70_000);
  }, 60_000);

  it('an ambiguous bank row is flagged; "Yes, these are duplicates" makes the closer typed row that bank row, once', async () => {
    const a = await linkedChecking();
    await sync(a.userId, a.institutionId, 100_000, [], { fromStart: true });
    const near = await bed.transactions.recordManual(a.caller, a.accountId, { date: '2025-03-11', name: 'Parking', amount: -777, principle: null, comment: 'meter', splits: [] });
    const far = await bed.transactions.recordManual(a.caller, a.accountId, { date: '2025-03-09', name: 'Parking too', amount: -777, principle: null, comment: null, splits: [] });
    await sync(a.userId, a.institutionId, 100_000 - 777, [row('m-1', -777, '2025-03-12')]);
    const bankId = bankTransactionId(a.accountId, 'plaid', 'm-1');
    expect((await liveRows(a.accountId)).map((r) => r.id).sort()).toEqual([bankId, near.transactionId, far.transactionId].sort());
    const match = () => new MatchDuplicateHandler(bed.writer, bed.lookups).execute(new MatchDuplicateCommand(a.userId, bankId));
    await match();
    await expect(match()).rejects.toBeInstanceOf(UnknownReference);
    const rows = await liveRows(a.accountId);
    expect(rows.map((r) => r.id).sort()).toEqual([near.transactionId, far.transactionId].sort());
    expect(rows.find((r) => r.id === near.transactionId)).toMatchObject({ date: '2025-03-12', provider: 'PLAID', provider_transaction_id: 'm-1', comment: 'meter' });
    expect(await bankBalanceCents(bed.db.pool, a.userId, a.accountId)).toMatchObject({ working: 100_000 - 1554, uncleared: -777, difference: 0 });
    const events = (await bed.userEvents(a.userId)).length;
    await sync(a.userId, a.institutionId, 100_000 - 777, [row('m-1', -777, '2025-03-12')], { fromStart: true, blind: true });
    expect((await bed.userEvents(a.userId)).length).toBe(events);
  }, 60_000);

  it('a rebuild from the log equals the live read models', async () => {
    const tables = ['ledger_transactions', 'ledger_accounts', 'ledger_category_balances'];
    const snapshot = async () => Promise.all(tables.map(async (table) => (await bed.db.pool.query(`SELECT * FROM ${table} ORDER BY 1, 2`)).rows));
    await bed.projector.caughtUp(await bed.store.headPosition(), 15_000);
    const live = await snapshot();
    await bed.projector.stop();
    await rebuildReadModels({ pool: bed.db.pool, store: bed.store, projections: [...budgetProjections, ledgerProjection] });
    expect(await snapshot()).toEqual(live);
  }, 60_000);
});
