import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter, type Caller, type WriteAppend } from '@budget/platform';
import { accountStream, type AccountEvent } from '../../domain/account.events.js';
import { foldAccount } from '../../domain/account.state.js';
import { decideChangeAccount, decideKeepBalanceInHistory } from '../../domain/change-account.decide.js';
import { decideSetStartingBalance } from '../../domain/starting-balance.decide.js';
import { transactionStream, type TransactionEvent } from '../../domain/transaction.events.js';
import { foldTransaction } from '../../domain/transaction.state.js';
import { findAccount } from '../../queries/connected-accounts/connected-accounts.sql.js';
import { LedgerLookups, type AccountRow } from '../../queries/ledger-lookups.js';
import { LedgerViews } from '../../queries/transaction-view.js';
import { ChangeAccountCommand } from './change-account.command.js';

/**
 * Load the account, decide the changes, append. A moved start date moves the starting balance
 * with it (rule 7), in the same write: the balance itself stays. An account that comes to track
 * Transactions gets its starting balance set for its start date (made when it has none), one that
 * comes to track Balances keeps its balance as today's history row; the projection re-derives the
 * rest from the tracking change itself. Answer the account and the Funding Pool, read behind the
 * append's commit.
 */
@CommandHandler(ChangeAccountCommand)
export class ChangeAccountHandler implements ICommandHandler<ChangeAccountCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
    @Inject(LedgerViews) private readonly views: LedgerViews,
  ) {}

  /** Decided again on the fresh streams when another write lands first (`EventWriter.retrying`). */
  execute(command: ChangeAccountCommand) {
    return this.writer.retrying(() => this.attempt(command));
  }

  private async attempt({ userId, accountId, body }: ChangeAccountCommand) {
    const caller = { userId };
    const account = await this.lookups.account(userId, accountId);
    const loaded = await this.writer.load<AccountEvent>(accountStream(accountId), caller, 'Account');
    const changes = decideChangeAccount(body, foldAccount(loaded.events));
    const changed = foldAccount([...loaded.events, ...changes]);
    const events: AccountEvent[] = [...changes, ...decideKeepBalanceInHistory(changed, account.balance, this.writer.today(), this.writer.newId())];
    const { fundingPool } = await this.lookups.systemCategories(userId);
    const moved = changes.some((e) => e.type === 'AccountStartDateChanged');
    const retracked = changes.some((e) => e.type === 'AccountTrackingChanged');
    const appends: WriteAppend[] = [
      { stream: accountStream(accountId), events, expectedRevision: loaded.revision },
      ...(moved || retracked ? await this.setStartingBalance(caller, account, changed.tracking, changed.startDate, fundingPool) : []),
    ];
    const [answered, categories] = await this.writer.appendManyThenRead(appends, caller, (db) =>
      Promise.all([findAccount(db, userId, accountId), this.views.categoryBalances(userId, [fundingPool], false, db)]),
    );
    return { data: { account: answered!, categories } };
  }

  /**
   * Rules 6 and 7 for an account that tracks Transactions after this change: starting balance =
   * the balance − what was posted on or after the start date (the balance stays, so this is
   * decided from the account before the change), made when the account has none (it was opened
   * with another tracking). Appended by the system, in the same write as the change. An account
   * that tracks anything else keeps its starting balance as it is, out of the categories.
   */
  private async setStartingBalance(caller: Caller, account: AccountRow, tracking: string, startDate: string, fundingPool: string): Promise<WriteAppend[]> {
    if (tracking !== 'Transactions') return [];
    const transactionId = account.startingTransactionId ?? this.writer.newId();
    const amount = account.balance - (await this.lookups.postedSince(account.id, startDate));
    const stream = transactionStream(transactionId);
    const starting = await this.writer.load<TransactionEvent>(stream, caller, 'Transaction', account.startingTransactionId !== null);
    const decided = decideSetStartingBalance(
      { transactionId, accountId: account.id, fundingPoolCategoryId: fundingPool, startDate, amount },
      foldTransaction(starting.events),
    );
    return [{ stream, events: decided, expectedRevision: starting.revision, actor: 'system' }];
  }
}
