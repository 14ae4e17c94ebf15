import { Inject, Optional } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RecordBankFeed, type BankFeedBalance, type RecordBankFeedResult } from '@budget/contracts';
import type { Cents } from '@budget/money';
import { CLOCK, EventWriter, type Caller, type Clock, type WriteAppend } from '@budget/platform';
import { accountStream, type AccountEvent, type AccountPlaidBalanceChanged } from '../../domain/account.events.js';
import { decidePlaidBalanceEntry } from '../../domain/bank-rows/plaid-balance-entry.decide.js';
import type { BankRemoval, BankRow } from '../../domain/bank-rows/bank-row.decide.js';
import { decideSetStartingBalance } from '../../domain/starting-balance.decide.js';
import { transactionStream, type TransactionEvent } from '../../domain/transaction.events.js';
import { foldTransaction } from '../../domain/transaction.state.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { loadAccountStream } from '../account-stream.js';
import { TransferPairing } from '../pair-transfers/transfer-pairing.js';
import { BankRowLookups } from './bank-row-lookups.js';
import { RecordBankRowsCommand, RECORD_BANK_ROWS_CHUNK } from './record-bank-rows.command.js';
import { RecordBankRowsHandler } from './record-bank-rows.handler.js';

/**
 * The bank-sync context's rows (a Plaid `/transactions/sync`), keyed by Plaid account ids: mapped
 * onto the user's accounts linked under that institution and recorded by `RecordBankRowsHandler`.
 * Rows of Plaid accounts the user did not link (or deleted) are left alone, so deleting a linked
 * account never brings it back (weak point 19). A removal without its account id is tried against
 * every account of the institution: only the one holding that Plaid id has its stream.
 *
 * Then, per account, Plaid's balance: kept as `plaidBalance` when it moved. A linked account's
 * starting balance is set ONCE (docs/architecture.md §8), by the first feed that is the item's whole
 * history: Plaid's balance − the bank's posted rows dated on or after the start date, so the rows
 * Plaid's balance already holds are not counted twice (weak point 11), and `AccountBankStartSet` on
 * the account stream (appended at its revision: exactly once) says it is set. After that a sync never
 * moves it: a typed row keeps lowering the account, and a difference between Plaid's balance and
 * the cleared balance is shown ("differs from the bank by X") until the user records an adjustment.
 * An account not set yet, seen in a feed that is not the whole history (linked after the item's
 * cursor moved on), is counted in `withoutHistory`: the sync then fetches the item's history again.
 * An account that tracks Balances gets the sync's date in its balance history instead, with
 * Plaid's balance (`decidePlaidBalanceEntry`: one entry per date, its id derived from the account
 * and the date, appended at the account stream's revision — exactly once by construction).
 */
@CommandHandler(RecordBankFeed)
export class RecordBankFeedHandler implements ICommandHandler<RecordBankFeed, RecordBankFeedResult> {
  constructor(
    @Inject(BankRowLookups) private readonly lookups: BankRowLookups,
    @Inject(RecordBankRowsHandler) private readonly rows: RecordBankRowsHandler,
    @Inject(LedgerLookups) private readonly ledger: LedgerLookups,
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(CLOCK) private readonly clock: Clock,
    @Optional() @Inject(TransferPairing) private readonly transfers?: TransferPairing,
  ) {}

  async execute({ userId, institutionId, rows, removals, balances, chunkSize, fromStart }: RecordBankFeed): Promise<RecordBankFeedResult> {
    const accounts = await this.lookups.plaidAccounts(userId, institutionId);
    const accountOf = (plaidAccountId: string) => accounts.get(plaidAccountId)?.accountId;
    const bankRows: BankRow[] = rows.flatMap((r) => {
      const accountId = accountOf(r.plaidAccountId);
      return accountId
        ? [{ accountId, provider: 'plaid' as const, providerTransactionId: r.transactionId, pendingTransactionId: r.pendingTransactionId, date: r.date, name: r.name, amount: r.amountCents, pending: r.pending, paymentChannel: r.paymentChannel ?? null }]
        : [];
    });
    const bankRemovals: BankRemoval[] = removals.flatMap((r) => {
      const candidates = r.plaidAccountId === null ? [...accounts.values()].map((a) => a.accountId) : [accountOf(r.plaidAccountId)].filter((id): id is string => id !== undefined);
      return candidates.map((accountId) => ({ accountId, provider: 'plaid' as const, providerTransactionId: r.transactionId }));
    });
    const result = await this.rows.execute(new RecordBankRowsCommand(userId, bankRows, bankRemovals, chunkSize ?? RECORD_BANK_ROWS_CHUNK));
    // Transfers between the user's own accounts among the new rows (README "Transfer pairs").
    const paired = await this.transfers?.afterBankFeed(userId, bankRows, rows);
    const caller: Caller = { userId, actor: 'plaid' };
    // The sync's date (UTC): the date of a Balances account's history entry.
    const today = this.clock.now().toISOString().slice(0, 10);
    let withoutHistory = 0;
    for (const balance of balances) {
      const known = accounts.get(balance.plaidAccountId);
      if (!known) continue;
      const kept = await this.writer.retrying(() => this.keepPlaidBalance(caller, known.accountId, known.plaidBalance, balance, today, fromStart === true));
      if (!kept) withoutHistory += 1;
    }
    // The new rows the pairing moved into Account Transfer no longer need a category.
    const unassigned = paired && result.unassigned !== undefined ? { unassigned: Math.max(0, result.unassigned - paired.moved) } : {};
    return { ...result, ...unassigned, withoutHistory, skipped: result.skipped + rows.length - bankRows.length };
  }

  /**
   * One write per account: its new Plaid balance (when it moved), on a Balances account the history
   * entry of `today`, and, on a whole-history feed, the starting balance of an account not set yet
   * (decided on the account stream, so the write expects its revision: `EventWriter.retrying`
   * decides again after a race). Answers false for an account whose starting balance is not set
   * and this feed could not set (not the whole history).
   */
  private async keepPlaidBalance(caller: Caller, accountId: string, stored: Cents | null, { balanceCents }: BankFeedBalance, today: string, fromStart: boolean): Promise<boolean> {
    const account = await this.ledger.account(caller.userId, accountId);
    const appends: WriteAppend[] = [];
    const history: AccountEvent[] = [];
    const { loaded, state } = await loadAccountStream(this.writer, caller, accountId);
    let revision: WriteAppend['expectedRevision'] = 'any';
    if (account.tracking === 'Balances') {
      history.push(...decidePlaidBalanceEntry(state, today, balanceCents));
      if (history.length > 0) revision = loaded.revision;
    }
    // An account off the budget's transactions (a loan opens as Uncategorized Transactions) has no
    // starting transaction: its opening balance follows Plaid's balance instead, in the projection
    // of this event, so it is told again whenever the account's balance is not Plaid's.
    const followsPlaid = account.startingTransactionId === null && account.tracking === 'Uncategorized Transactions';
    if (stored !== balanceCents || (followsPlaid && account.balance !== balanceCents)) {
      const event: AccountPlaidBalanceChanged = { type: 'AccountPlaidBalanceChanged', data: { accountId, from: stored, to: balanceCents } };
      // A fact that decides nothing (the account's state ignores it): appended at any revision, unless a history entry goes with it.
      history.unshift(event);
    }
    let set = true;
    if (account.startingTransactionId !== null && !state.bankStartSet) {
      if (fromStart) {
        const stream = transactionStream(account.startingTransactionId);
        const [starting, posted, { fundingPool }] = await Promise.all([
          this.writer.load<TransactionEvent>(stream, caller, 'Transaction'),
          this.lookups.postedBankRowsSince(accountId, account.startDate),
          this.ledger.systemCategories(caller.userId),
        ]);
        const amount = balanceCents - posted;
        const events = decideSetStartingBalance(
          { transactionId: account.startingTransactionId, accountId, fundingPoolCategoryId: fundingPool, startDate: account.startDate, amount },
          foldTransaction(starting.events),
        );
        appends.push({ stream, events, expectedRevision: starting.revision, actor: 'system' });
        history.push({ type: 'AccountBankStartSet', data: { accountId, plaidBalance: balanceCents, postedBankRows: posted, startingBalance: amount } });
        revision = loaded.revision;
      } else {
        set = false;
      }
    }
    if (history.length > 0) appends.unshift({ stream: accountStream(accountId), events: history, expectedRevision: revision });
    if (appends.length > 0) await this.writer.settle(caller, await this.writer.appendMany(appends, caller));
    return set;
  }
}
