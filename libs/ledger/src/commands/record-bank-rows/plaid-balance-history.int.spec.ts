import { RecordBankFeed } from '@budget/contracts';
import { FixedClock } from '@budget/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plaidBalanceEntryId } from '../../domain/bank-rows/plaid-balance-entry.decide.js';
import { LedgerTestbed } from '../../testing/ledger-testbed.js';
import { BankRowLookups } from './bank-row-lookups.js';
import { RecordBankFeedHandler } from './record-bank-feed.handler.js';
import { RecordBankRowsHandler } from './record-bank-rows.handler.js';

/**
 * A linked account that tracks Balances follows Plaid's balance in its history: each sync's date gets
 * one entry (id derived from account and date), changed by a later sync that day, never doubled by
 * retries or concurrent syncs; a date the user gave a balance keeps the user's.
 */
let bed: LedgerTestbed;
const clock = new FixedClock(new Date('2025-03-10T08:00:00Z'));
beforeAll(async () => {
  bed = await LedgerTestbed.start('ledger_plaid_history');
}, 60_000);
afterAll(async () => bed.stop());

const feed = () => {
  const lookups = new BankRowLookups(bed.db.pool);
  return new RecordBankFeedHandler(lookups, new RecordBankRowsHandler(bed.writer, bed.lookups, lookups), bed.lookups, bed.writer, clock);
};

async function linkedSavings() {
  const user = await bed.newUser();
  const { institutionId, accountIds } = await bed.accounts.addInstitution(user.caller, 'Bank', [
    {
      name: 'Savings', balance: 100_000, type: 'depository', subtype: 'savings', tracking: 'Balances', rate: null, startDate: '2025-01-01',
      plaid: { accountId: 'plaid-savings', balance: 100_000, officialName: null, mask: '0001' },
    },
  ]);
  return { caller: user.caller, userId: user.caller.userId, institutionId, accountId: accountIds[0]! };
}

const sync = (userId: string, institutionId: string, balanceCents: number) =>
  feed().execute(new RecordBankFeed(userId, institutionId, [], [], [{ plaidAccountId: 'plaid-savings', balanceCents }]));

async function history(accountId: string) {
  const { rows } = await bed.db.pool.query<{ id: string; date: string; balance: string }>(
    `SELECT id::text, to_char(date, 'YYYY-MM-DD') AS date, balance_cents AS balance FROM ledger_balance_history WHERE account_id = $1 ORDER BY date`,
    [accountId],
  );
  return rows.map((r) => ({ id: r.id, date: r.date, balance: Number(r.balance) }));
}

const balance = async (accountId: string) =>
  Number((await bed.db.pool.query<{ b: string }>('SELECT balance_cents AS b FROM ledger_accounts WHERE id = $1', [accountId])).rows[0]!.b);

describe('a linked Balances account at each sync', () => {
  it('gets one history entry per sync date with Plaid\'s balance: recorded, changed the same day, left alone when unchanged', async () => {
    const { userId, institutionId, accountId } = await linkedSavings();
    clock.set(new Date('2025-03-10T08:00:00Z'));
    const opened = await history(accountId);
    await sync(userId, institutionId, 123_456);
    const day = { id: plaidBalanceEntryId(accountId, '2025-03-10'), date: '2025-03-10' };
    expect(await history(accountId)).toEqual([...opened, { ...day, balance: 123_456 }]);
    expect(await balance(accountId)).toBe(123_456);

    clock.set(new Date('2025-03-10T20:00:00Z'));
    await sync(userId, institutionId, 120_000);
    expect(await history(accountId)).toEqual([...opened, { ...day, balance: 120_000 }]);
    expect(await balance(accountId)).toBe(120_000);

    const before = await bed.userEvents(userId);
    await sync(userId, institutionId, 120_000);
    expect((await bed.userEvents(userId)).length).toBe(before.length);

    clock.set(new Date('2025-03-11T07:00:00Z'));
    await sync(userId, institutionId, 119_000);
    expect((await history(accountId)).slice(-2)).toEqual([
      { ...day, balance: 120_000 },
      { id: plaidBalanceEntryId(accountId, '2025-03-11'), date: '2025-03-11', balance: 119_000 },
    ]);
    expect(await balance(accountId)).toBe(119_000);
  });

  it('records a date once when two syncs of it run at once, and keeps a balance the user gave that date', async () => {
    const { userId, caller, institutionId, accountId } = await linkedSavings();
    clock.set(new Date('2025-04-02T09:00:00Z'));
    await Promise.all([sync(userId, institutionId, 50_000), sync(userId, institutionId, 50_000)]);
    expect((await history(accountId)).filter((h) => h.date === '2025-04-02')).toEqual([
      { id: plaidBalanceEntryId(accountId, '2025-04-02'), date: '2025-04-02', balance: 50_000 },
    ]);

    await bed.statements.recordBalance(caller, accountId, '2025-04-03', 77_700);
    clock.set(new Date('2025-04-03T09:00:00Z'));
    await sync(userId, institutionId, 51_000);
    expect((await history(accountId)).filter((h) => h.date === '2025-04-03').map((h) => h.balance)).toEqual([77_700]);
  });
});
