import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter, type Caller, type WriteAppend } from '@budget/platform';
import { accountStream, type AccountEvent } from '../../domain/account.events.js';
import { foldAccount } from '../../domain/account.state.js';
import { decideChangeAccount } from '../../domain/change-account.decide.js';
import { decideSetStartingBalance } from '../../domain/starting-balance.decide.js';
import { transactionStream, type TransactionEvent } from '../../domain/transaction.events.js';
import { foldTransaction } from '../../domain/transaction.state.js';
import { findAccount } from '../../queries/connected-accounts/connected-accounts.sql.js';
import { LedgerLookups, type AccountRow } from '../../queries/ledger-lookups.js';
import { LedgerViews } from '../../queries/transaction-view.js';
import { ChangeAccountCommand } from './change-account.command.js';

/**
 * Load the account, decide the changes, append. A moved start date moves the starting balance
 * with it (rule 7), in the same write: the balance itself stays. Answer the account and the
 * Funding Pool, read behind the append's commit.
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
    const events = decideChangeAccount(body, foldAccount(loaded.events));
    const { fundingPool } = await this.lookups.systemCategories(userId);
    const moved = events.find((e) => e.type === 'AccountStartDateChanged');
    const appends: WriteAppend[] = [
      { stream: accountStream(accountId), events, expectedRevision: loaded.revision },
      ...(moved ? await this.moveStartingBalance(caller, account, moved.data.to, fundingPool) : []),
    ];
    const [changed, categories] = await this.writer.appendManyThenRead(appends, caller, (db) =>
      Promise.all([findAccount(db, userId, accountId), this.views.categoryBalances(userId, [fundingPool], false, db)]),
    );
    return { data: { account: changed!, categories } };
  }

  /**
   * Rule 7: starting balance = the balance − what was posted on or after the new start date (the
   * balance stays, so this is decided before the start date moves). Appended by the system, in
   * the same write as the move.
   */
  private async moveStartingBalance(caller: Caller, account: AccountRow, startDate: string, fundingPool: string): Promise<WriteAppend[]> {
    if (account.tracking !== 'Transactions' || !account.startingTransactionId) return [];
    const amount = account.balance - (await this.lookups.postedSince(account.id, startDate));
    const stream = transactionStream(account.startingTransactionId);
    const starting = await this.writer.load<TransactionEvent>(stream, caller, 'Transaction');
    const decided = decideSetStartingBalance(
      { transactionId: account.startingTransactionId, accountId: account.id, fundingPoolCategoryId: fundingPool, startDate, amount },
      foldTransaction(starting.events),
    );
    return [{ stream, events: decided, expectedRevision: starting.revision, actor: 'system' }];
  }
}
