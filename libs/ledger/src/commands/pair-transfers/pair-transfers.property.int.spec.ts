import fc from 'fast-check';
import { rebuildReadModels } from '@budget/platform';
import { budgetProjections } from '@budget/budget';
import type { BankFeedRow } from '@budget/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankRowTransactionId, type BankRow } from '../../domain/bank-rows/bank-row.decide.js';
import { TRANSFER_WINDOW_DAYS } from '../../domain/transfer-pair.events.js';
import { ledgerProjection } from '../../projection/ledger.projection.js';
import { transferCandidates } from '../../queries/transfer-candidates/transfer-candidates.sql.js';
import { LedgerTestbed } from '../../testing/ledger-testbed.js';
import { BankRowLookups } from '../record-bank-rows/bank-row-lookups.js';
import { RecordBankRowsCommand } from '../record-bank-rows/record-bank-rows.command.js';
import { RecordBankRowsHandler } from '../record-bank-rows/record-bank-rows.handler.js';
import { ConfirmTransferPairCommand } from './confirm-transfer-pair.command.js';
import { ConfirmTransferPairHandler } from './confirm-transfer-pair.handler.js';
import { PairLookups } from './pair-lookups.js';
import { TransferPairing } from './transfer-pairing.js';

/**
 * Property (README "Transfer pairs"): whatever bank rows arrive — in any number of feeds, each
 * possibly sent twice, with any hints — and whichever offers the user confirms, every row is in at
 * most one pair, every pair joins two accounts with opposite amounts at most TRANSFER_WINDOW_DAYS
 * apart, each paired row is wholly in Account Transfer and nothing else is, so Account Transfer
 * nets to zero and Unassigned holds exactly the unpaired rows; pairing everything again appends
 * nothing; a rebuild from the log equals the live read models.
 */
const AMOUNTS = [-5_000, 5_000, -2_500, 2_500, -1_234, 1_234];
const HINTS = [null, 'TRANSFER_IN', 'TRANSFER_OUT', 'LOAN_PAYMENTS', 'FOOD_AND_DRINK'];
const day = (n: number) => new Date(Date.UTC(2025, 2, 1 + n)).toISOString().slice(0, 10);

const rowArb = fc.record({ account: fc.nat(2), amount: fc.constantFrom(...AMOUNTS), day: fc.nat(12), hint: fc.constantFrom(...HINTS), feed: fc.nat(2), again: fc.boolean() });

describe('transfer pairs, whatever arrives', () => {
  let bed: LedgerTestbed;
  beforeAll(async () => {
    bed = await LedgerTestbed.start('ledger_pairs_property');
  }, 60_000);
  afterAll(async () => bed?.stop());

  it('keeps every pair a true transfer, each row in one pair at most, Account Transfer at zero, exactly once; rebuild = live', async () => {
    const lookups = new PairLookups(bed.db.pool);
    const pairing = new TransferPairing(bed.writer, bed.lookups, lookups);
    const confirm = new ConfirmTransferPairHandler(bed.writer, bed.lookups, lookups);
    const recorder = new RecordBankRowsHandler(bed.writer, bed.lookups, new BankRowLookups(bed.db.pool));
    let pairsSeen = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(rowArb, { minLength: 2, maxLength: 12 }), fc.array(fc.nat(5), { maxLength: 3 }), async (specs, confirmations) => {
        const user = await bed.newUser();
        const { accountIds } = await bed.accounts.addInstitution(user.caller, 'Bank', ['Checking', 'Savings', 'Card'].map((name) => (
          { name, balance: 0, type: 'depository', subtype: 'checking', tracking: 'Transactions', rate: null, startDate: '2025-01-01' })));
        const unassigned = user.categories.get('Unassigned')!;
        const transfer = user.categories.get('Account Transfer')!;
        const rows = specs.map((s, i): BankRow & { hint: string | null; feed: number; again: boolean } => ({
          accountId: accountIds[s.account]!, provider: 'plaid', providerTransactionId: `r${i}`, pendingTransactionId: null, date: day(s.day),
          name: `Row ${i}`, amount: s.amount, pending: false, hint: s.hint, feed: s.feed, again: s.again,
        }));
        const feedRows = (batch: typeof rows): BankFeedRow[] => batch.map((r) => ({
          plaidAccountId: r.accountId, transactionId: r.providerTransactionId, pendingTransactionId: null, date: r.date, name: r.name,
          amountCents: r.amount, pending: false, categoryHint: r.hint,
        }));
        for (let feed = 0; feed < 3; feed++) {
          const batch = rows.filter((r) => r.feed === feed);
          if (batch.length === 0) continue;
          for (let n = 0; n < (batch.some((r) => r.again) ? 2 : 1); n++) {
            await recorder.execute(new RecordBankRowsCommand(user.caller.userId, batch, [], 250));
            await pairing.afterBankFeed(user.caller.userId, batch, feedRows(batch));
          }
        }
        for (const pick of confirmations) {
          const offered = await transferCandidates(bed.db.pool, user.caller.userId, 0, 30);
          if (offered.length === 0) break;
          await confirm.execute(new ConfirmTransferPairCommand(user.caller.userId, offered[pick % offered.length]!.pairId));
        }

        const ids = new Map(rows.map((r) => [bankRowTransactionId(r), r]));
        const { rows: pairs } = await bed.db.pool.query<{ from_transaction_id: string; to_transaction_id: string }>(
          `SELECT from_transaction_id::text, to_transaction_id::text FROM ledger_transfer_pairs WHERE user_id = $1 AND status = 'paired'`, [user.caller.userId]);
        const paired = new Set<string>();
        pairsSeen += pairs.length;
        for (const p of pairs) {
          const [a, b] = [ids.get(p.from_transaction_id)!, ids.get(p.to_transaction_id)!];
          expect(paired.has(p.from_transaction_id) || paired.has(p.to_transaction_id)).toBe(false);
          paired.add(p.from_transaction_id).add(p.to_transaction_id);
          expect(a.accountId).not.toBe(b.accountId);
          expect(a.amount).toBeLessThan(0);
          expect(a.amount + b.amount).toBe(0);
          expect(Math.abs(Date.parse(a.date) - Date.parse(b.date)) / 86_400_000).toBeLessThanOrEqual(TRANSFER_WINDOW_DAYS);
        }
        const { rows: stored } = await bed.db.pool.query<{ id: string; splits: { categoryId: string; amount: number }[] }>(
          'SELECT id::text, splits FROM ledger_transactions WHERE user_id = $1 AND kind = $2', [user.caller.userId, 'regular']);
        for (const tx of stored) {
          const amount = ids.get(tx.id)!.amount;
          expect(tx.splits.map((s) => [s.categoryId, s.amount])).toEqual([[paired.has(tx.id) ? transfer : unassigned, amount]]);
        }
        const balances = new Map((await bed.db.pool.query<{ category_id: string; balance_cents: string }>(
          'SELECT category_id, balance_cents FROM ledger_category_balances WHERE user_id = $1', [user.caller.userId])).rows.map((r) => [r.category_id, Number(r.balance_cents)]));
        expect(balances.get(transfer) ?? 0).toBe(0);
        expect(balances.get(unassigned) ?? 0).toBe(rows.filter((r) => !paired.has(bankRowTransactionId(r))).reduce((sum, r) => sum + r.amount, 0));

        // Exactly once: everything paired again appends nothing.
        const events = (await bed.userEvents(user.caller.userId)).length;
        await pairing.pair(user.caller.userId, rows.map((r) => ({ transactionId: bankRowTransactionId(r), hint: r.hint })));
        expect((await bed.userEvents(user.caller.userId)).length).toBe(events);
      }),
      { numRuns: 25 },
    );
    // The runs did pair rows (the property is not vacuous).
    expect(pairsSeen).toBeGreaterThan(5);
    const snapshot = async () => ({
      pairs: (await bed.db.pool.query('SELECT * FROM ledger_transfer_pairs ORDER BY pair_id')).rows,
      transactions: (await bed.db.pool.query('SELECT id, splits, version FROM ledger_transactions ORDER BY id')).rows,
      balances: (await bed.db.pool.query('SELECT * FROM ledger_category_balances ORDER BY category_id')).rows,
    });
    const live = await snapshot();
    await bed.projector.stop();
    await rebuildReadModels({ pool: bed.db.pool, store: bed.store, projections: [...budgetProjections, ledgerProjection] });
    expect(await snapshot()).toEqual(live);
  }, 600_000);
});
