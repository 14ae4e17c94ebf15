import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter, PG_POOL, type Caller, type Pool } from '@budget/platform';
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
 * with it (rule 7): the balance itself stays. Answer the account and the Funding Pool.
 */
@CommandHandler(ChangeAccountCommand)
export class ChangeAccountHandler implements ICommandHandler<ChangeAccountCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
    @Inject(LedgerViews) private readonly views: LedgerViews,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute({ userId, accountId, body }: ChangeAccountCommand) {
    const caller = { userId };
    const account = await this.lookups.account(userId, accountId);
    const loaded = await this.writer.load<AccountEvent>(accountStream(accountId), caller, 'Account');
    const events = decideChangeAccount(body, foldAccount(loaded.events));
    await this.writer.settle(caller, await this.writer.append(accountStream(accountId), events, loaded.revision, caller));
    const moved = events.find((e) => e.type === 'AccountStartDateChanged');
    if (moved) await this.moveStartingBalance(caller, account, moved.data.to);
    const { fundingPool } = await this.lookups.systemCategories(userId);
    return { data: { account: (await findAccount(this.pool, userId, accountId))!, categories: await this.views.categoryBalances(userId, [fundingPool]) } };
  }

  /** Rule 7: starting balance = the balance − what was posted on or after the new start date. */
  private async moveStartingBalance(caller: Caller, account: AccountRow, startDate: string): Promise<void> {
    if (account.tracking !== 'Transactions' || !account.startingTransactionId) return;
    const amount = account.balance - (await this.lookups.postedSince(account.id, startDate));
    const { fundingPool } = await this.lookups.systemCategories(caller.userId);
    const stream = transactionStream(account.startingTransactionId);
    const starting = await this.writer.load<TransactionEvent>(stream, caller, 'Transaction');
    const decided = decideSetStartingBalance(
      { transactionId: account.startingTransactionId, accountId: account.id, fundingPoolCategoryId: fundingPool, startDate, amount },
      foldTransaction(starting.events),
    );
    await this.writer.settle(caller, await this.writer.append(stream, decided, starting.revision, { ...caller, actor: 'system' }));
  }
}
