import { NotFound, rebuildReadModels, type Caller } from '@budget/platform';
import { budgetProjections } from '@budget/budget';
import type { BankFeedRow } from '@budget/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankRowTransactionId, type BankRow } from '../../domain/bank-rows/bank-row.decide.js';
import { RuleViolation } from '../../domain/domain-error.js';
import { transferPairId } from '../../domain/transfer-pair.events.js';
import { ledgerProjection } from '../../projection/ledger.projection.js';
import { transferCandidates } from '../../queries/transfer-candidates/transfer-candidates.sql.js';
import { LedgerTestbed } from '../../testing/ledger-testbed.js';
import { BankRowLookups } from '../record-bank-rows/bank-row-lookups.js';
import { RecordBankRowsCommand } from '../record-bank-rows/record-bank-rows.command.js';
import { RecordBankRowsHandler } from '../record-bank-rows/record-bank-rows.handler.js';
import { ConfirmTransferPairCommand } from './confirm-transfer-pair.command.js';
import { ConfirmTransferPairHandler } from './confirm-transfer-pair.handler.js';
import { DeclineTransferPairCommand } from './decline-transfer-pair.command.js';
import { DeclineTransferPairHandler } from './decline-transfer-pair.handler.js';
import { PairLookups } from './pair-lookups.js';
import { TransferPairing } from './transfer-pairing.js';

/**
 * Transfers between the user's own accounts (README "Transfer pairs"): after a bank feed, an
 * unambiguous pair with Plaid's transfer hint is recorded once — both rows in Account Transfer,
 * linked, a log line on each naming both accounts — however often the feed and the pairing run
 * (re-syncs, retries, two at once); ambiguous or unhinted candidates are offered and the user
 * confirms or declines them; a rebuild from the log equals the live read models. Both projection modes.
 */
type Row = BankRow & { hint?: string };

describe.each(['inline', 'async'] as const)('transfer pairs (%s projection)', (mode) => {
  let bed: LedgerTestbed;
  beforeAll(async () => {
    bed = await LedgerTestbed.start(`ledger_pairs_${mode}`, mode);
  }, 60_000);
  afterAll(async () => bed?.stop());

  const lookups = () => new PairLookups(bed.db.pool);
  const pairing = () => new TransferPairing(bed.writer, bed.lookups, lookups());
  const confirm = (caller: Caller, pairId: string) => new ConfirmTransferPairHandler(bed.writer, bed.lookups, lookups()).execute(new ConfirmTransferPairCommand(caller.userId, pairId));
  const decline = (caller: Caller, pairId: string) => new DeclineTransferPairHandler(bed.writer).execute(new DeclineTransferPairCommand(caller.userId, pairId));

  /** A feed as `RecordBankFeedHandler` runs it: the rows recorded, then the pairing with the feed's hints. */
  async function feed(caller: Caller, rows: Row[]) {
    await new RecordBankRowsHandler(bed.writer, bed.lookups, new BankRowLookups(bed.db.pool)).execute(new RecordBankRowsCommand(caller.userId, rows, [], 250));
    const feedRows: BankFeedRow[] = rows.map((r) => ({
      plaidAccountId: r.accountId, transactionId: r.providerTransactionId, pendingTransactionId: null, date: r.date, name: r.name, amountCents: r.amount,
      pending: r.pending, ...(r.hint && { categoryHint: r.hint }),
    }));
    return pairing().afterBankFeed(caller.userId, rows, feedRows);
  }

  async function userWithAccounts() {
    const user = await bed.newUser();
    const { accountIds } = await bed.accounts.addInstitution(user.caller, 'Bank', [
      { name: 'Checking', balance: 0, type: 'depository', subtype: 'checking', tracking: 'Transactions', rate: null, startDate: '2025-01-01' },
      { name: 'Credit Card', balance: 0, type: 'credit', subtype: 'credit card', tracking: 'Transactions', rate: null, startDate: '2025-01-01' },
      { name: 'Savings', balance: 0, type: 'depository', subtype: 'savings', tracking: 'Transactions', rate: null, startDate: '2025-01-01' },
    ]);
    const [checking, card, savings] = accountIds as [string, string, string];
    return { ...user, checking, card, savings, unassigned: user.categories.get('Unassigned')!, transfer: user.categories.get('Account Transfer')! };
  }

  const row = (accountId: string, id: string, amount: number, date: string, name: string, hint?: string): Row => ({
    accountId, provider: 'plaid', providerTransactionId: id, pendingTransactionId: null, date, name, amount, pending: false, ...(hint && { hint }),
  });

  const splitsOf = async (id: string) =>
    (await bed.db.pool.query<{ splits: { categoryId: string; amount: number }[] }>('SELECT splits FROM ledger_transactions WHERE id = $1', [id])).rows[0]!.splits.map((s) => [s.categoryId, s.amount]);
  const pairs = async (userId: string) =>
    (await bed.db.pool.query<{ pair_id: string; status: string; how: string | null; from_transaction_id: string; to_transaction_id: string }>(
      'SELECT pair_id::text, status, how, from_transaction_id::text, to_transaction_id::text FROM ledger_transfer_pairs WHERE user_id = $1 ORDER BY pair_id', [userId])).rows;
  const balance = async (categoryId: string) =>
    Number((await bed.db.pool.query<{ balance_cents: string }>('SELECT balance_cents FROM ledger_category_balances WHERE category_id = $1', [categoryId])).rows[0]?.balance_cents ?? 0);
  const eventCount = async (userId: string) => (await bed.userEvents(userId)).length;
  const logsOf = async (id: string) =>
    (await bed.db.pool.query<{ message: string }>('SELECT message FROM ledger_transaction_logs WHERE transaction_id = $1 ORDER BY seq', [id])).rows.map((r) => r.message);

  it('records an unambiguous hinted pair once: both rows in Account Transfer, linked, a log line each naming both accounts; re-syncs, retries and two runs at once add nothing', async () => {
    const u = await userWithAccounts();
    const out = row(u.checking, 'to-savings', -20_000, '2025-03-10', 'Transfer to Saving', 'TRANSFER_OUT');
    const into = row(u.savings, 'from-checking', 20_000, '2025-03-11', 'Transfer from Checking', 'TRANSFER_IN');
    const coffee = row(u.checking, 'coffee', -450, '2025-03-10', 'Starbucks');
    expect(await feed(u.caller, [out, into, coffee])).toEqual({ recorded: 1, offered: 0, moved: 2 });
    const [a, b] = [bankRowTransactionId(out), bankRowTransactionId(into)];
    expect(await splitsOf(a)).toEqual([[u.transfer, -20_000]]);
    expect(await splitsOf(b)).toEqual([[u.transfer, 20_000]]);
    expect(await splitsOf(bankRowTransactionId(coffee))).toEqual([[u.unassigned, -450]]);
    expect(await pairs(u.caller.userId)).toEqual([{ pair_id: transferPairId(a, b), status: 'paired', how: 'automatic', from_transaction_id: a, to_transaction_id: b }]);
    expect(await balance(u.transfer)).toBe(0);
    expect(await balance(u.unassigned)).toBe(-450);
    for (const id of [a, b]) {
      const line = (await logsOf(id)).at(-1)!;
      expect(line).toContain('in Checking');
      expect(line).toContain('in Savings');
      expect(line).toContain('as one transfer');
    }
    // The feed again (a re-sync), the pairing again (a retried job), and two pairings at once.
    const events = await eventCount(u.caller.userId);
    expect(await feed(u.caller, [out, into, coffee])).toEqual({ recorded: 0, offered: 0, moved: 0 });
    const probes = [{ transactionId: a, hint: 'TRANSFER_OUT' }, { transactionId: b, hint: 'TRANSFER_IN' }];
    await Promise.all([pairing().pair(u.caller.userId, probes), pairing().pair(u.caller.userId, probes)]);
    expect(await eventCount(u.caller.userId)).toBe(events);
    expect(await balance(u.transfer)).toBe(0);
  }, 60_000);

  it('pairs two rows that arrive in different feeds (a card payment), exactly once even when both pairings race', async () => {
    const u = await userWithAccounts();
    const payment = row(u.checking, 'card-payment', -180_000, '2025-03-25', 'Credit Card Payment - Thank You', 'LOAN_PAYMENTS');
    expect(await feed(u.caller, [payment])).toEqual({ recorded: 0, offered: 0, moved: 0 });
    const received = row(u.card, 'payment', 180_000, '2025-03-27', 'Payment - Thank You', 'LOAN_PAYMENTS');
    const events = await eventCount(u.caller.userId);
    await new RecordBankRowsHandler(bed.writer, bed.lookups, new BankRowLookups(bed.db.pool)).execute(new RecordBankRowsCommand(u.caller.userId, [received], [], 250));
    const probe = [{ transactionId: bankRowTransactionId(received), hint: 'LOAN_PAYMENTS' }];
    const results = await Promise.all([pairing().pair(u.caller.userId, probe), pairing().pair(u.caller.userId, probe)]);
    expect(results.map((r) => r.recorded).sort()).toEqual([0, 1]);
    // The row itself, the pair and the two rows' changes.
    expect(await eventCount(u.caller.userId)).toBe(events + 4);
    expect(await splitsOf(bankRowTransactionId(payment))).toEqual([[u.transfer, -180_000]]);
    expect(await splitsOf(bankRowTransactionId(received))).toEqual([[u.transfer, 180_000]]);
  }, 60_000);

  it('offers ambiguous candidates; the user confirms one, the other drops out; confirming again changes nothing; declining a recorded pair is refused', async () => {
    const u = await userWithAccounts();
    const out = row(u.checking, 'out', -5_000, '2025-03-10', 'Online transfer', 'TRANSFER_OUT');
    const first = row(u.savings, 'in-1', 5_000, '2025-03-09', 'Deposit');
    const second = row(u.card, 'in-2', 5_000, '2025-03-12', 'Refund');
    expect(await feed(u.caller, [out, first, second])).toEqual({ recorded: 0, offered: 2, moved: 0 });
    const offered = await transferCandidates(bed.db.pool, u.caller.userId, 0, 30);
    expect(offered.map((c) => [c.legs[0].name, c.legs[0].accountName, c.legs[1].name, c.legs[1].accountName, c.legs[1].amount]).sort()).toEqual([
      ['Online transfer', 'Checking', 'Deposit', 'Savings', 5_000],
      ['Online transfer', 'Checking', 'Refund', 'Credit Card', 5_000],
    ]);
    const chosen = transferPairId(bankRowTransactionId(out), bankRowTransactionId(first));
    const other = transferPairId(bankRowTransactionId(out), bankRowTransactionId(second));
    await confirm(u.caller, chosen);
    expect(await splitsOf(bankRowTransactionId(out))).toEqual([[u.transfer, -5_000]]);
    expect(await splitsOf(bankRowTransactionId(first))).toEqual([[u.transfer, 5_000]]);
    expect(await splitsOf(bankRowTransactionId(second))).toEqual([[u.unassigned, 5_000]]);
    expect(await transferCandidates(bed.db.pool, u.caller.userId, 0, 30)).toEqual([]);
    expect((await logsOf(bankRowTransactionId(first))).at(-1)).toMatch(/^You paired "Deposit" 50\.00 in Savings with "Online transfer" in Checking as one transfer/);
    const events = await eventCount(u.caller.userId);
    await confirm(u.caller, chosen);
    expect(await eventCount(u.caller.userId)).toBe(events);
    // The other offer: its row is paired now, so confirming it is refused with the reason; declining it is fine.
    await expect(confirm(u.caller, other)).rejects.toThrow(/"Online transfer" in Checking is already one side of a transfer/);
    await expect(decline(u.caller, chosen)).rejects.toBeInstanceOf(RuleViolation);
    await decline(u.caller, other);
    expect((await pairs(u.caller.userId)).map((p) => [p.pair_id, p.status, p.how]).sort()).toEqual([[chosen, 'paired', 'confirmed'], [other, 'declined', null]].sort());
  }, 60_000);

  it('offers an unhinted unique pair instead of recording it; a declined pair is never offered again nor confirmable; another user\'s pair is not found', async () => {
    const u = await userWithAccounts();
    const out = row(u.checking, 'venmo', -2_500, '2025-03-10', 'VENMO');
    const into = row(u.savings, 'dep', 2_500, '2025-03-10', 'DEPOSIT');
    expect(await feed(u.caller, [out, into])).toEqual({ recorded: 0, offered: 1, moved: 0 });
    const pairId = transferPairId(bankRowTransactionId(out), bankRowTransactionId(into));
    const stranger = await bed.newUser();
    await expect(confirm(stranger.caller, pairId)).rejects.toBeInstanceOf(NotFound);
    await expect(decline(stranger.caller, pairId)).rejects.toBeInstanceOf(NotFound);
    await decline(u.caller, pairId);
    const events = await eventCount(u.caller.userId);
    await decline(u.caller, pairId);
    expect(await feed(u.caller, [out, into])).toEqual({ recorded: 0, offered: 0, moved: 0 });
    expect(await eventCount(u.caller.userId)).toBe(events);
    expect(await transferCandidates(bed.db.pool, u.caller.userId, 0, 30)).toEqual([]);
    await expect(confirm(u.caller, pairId)).rejects.toThrow('These transactions were declined as a transfer.');
    expect(await splitsOf(bankRowTransactionId(out))).toEqual([[u.unassigned, -2_500]]);
  }, 60_000);

  it('leaves rows alone that the user categorised, pending rows, same-account and far-apart rows; an offer whose row was categorised since is refused and drops out', async () => {
    const u = await userWithAccounts();
    const groceries = u.categories.get('Groceries')!;
    const out = row(u.checking, 'o', -7_000, '2025-03-10', 'Move', 'TRANSFER_OUT');
    const a = row(u.savings, 'a', 7_000, '2025-03-11', 'In A');
    const b = row(u.card, 'b', 7_000, '2025-03-11', 'In B');
    const far = row(u.savings, 'far', 7_000, '2025-03-20', 'Far', 'TRANSFER_IN');
    const same = row(u.checking, 'same', 7_000, '2025-03-10', 'Same account', 'TRANSFER_IN');
    const pending = { ...row(u.card, 'pend', 7_000, '2025-03-10', 'Pending', 'TRANSFER_IN'), pending: true };
    expect(await feed(u.caller, [out, a, b, far, same, pending])).toEqual({ recorded: 0, offered: 2, moved: 0 });
    const offerA = transferPairId(bankRowTransactionId(out), bankRowTransactionId(a));
    // The user gives "In A" a category: the offer drops out and confirming it is refused.
    const view = await bed.views.transaction(u.caller.userId, bankRowTransactionId(a));
    await bed.transactions.edit(u.caller, bankRowTransactionId(a), { version: view.version, splits: [{ categoryId: groceries, amount: 7_000, comment: null }] });
    expect((await transferCandidates(bed.db.pool, u.caller.userId, 0, 30)).map((c) => c.legs[1].name)).toEqual(['In B']);
    await expect(confirm(u.caller, offerA)).rejects.toThrow(/"In A" in Savings has been given a category since/);
  }, 60_000);

  it('a rebuild from the log equals the live read models (pairs, splits, balances, log)', async () => {
    const snapshot = async () => ({
      pairs: (await bed.db.pool.query('SELECT * FROM ledger_transfer_pairs ORDER BY pair_id')).rows,
      splits: (await bed.db.pool.query('SELECT id, splits, version FROM ledger_transactions ORDER BY id')).rows,
      balances: (await bed.db.pool.query('SELECT * FROM ledger_category_balances ORDER BY category_id')).rows,
      logs: (await bed.db.pool.query('SELECT id, message FROM ledger_transaction_logs ORDER BY id')).rows,
    });
    const live = await snapshot();
    expect(live.pairs.length).toBeGreaterThan(5);
    await bed.projector.stop();
    await rebuildReadModels({ pool: bed.db.pool, store: bed.store, projections: [...budgetProjections, ledgerProjection] });
    expect(await snapshot()).toEqual(live);
  }, 120_000);
});
