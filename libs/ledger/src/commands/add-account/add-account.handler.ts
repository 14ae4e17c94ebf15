import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter } from '@budget/platform';
import { findAccount } from '../../queries/connected-accounts/connected-accounts.sql.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { LedgerViews } from '../../queries/transaction-view.js';
import { openAccountAppends, planAccount } from '../open-account.js';
import { AddAccountCommand } from './add-account.command.js';

/** Decide the account, append it with its starting balance (one write); answer it with the Funding Pool and Unassigned. */
@CommandHandler(AddAccountCommand)
export class AddAccountHandler implements ICommandHandler<AddAccountCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
    @Inject(LedgerViews) private readonly views: LedgerViews,
  ) {}

  async execute({ userId, institutionId, body }: AddAccountCommand) {
    const caller = { userId };
    await this.lookups.institution(userId, institutionId);
    const plan = planAccount(this.writer, institutionId, body, '');
    const { fundingPool, unassigned } = await this.lookups.systemCategories(userId);
    const appends = openAccountAppends(this.writer, plan, fundingPool);
    const [account, categories] = await this.writer.appendManyThenRead(appends, caller, (db) =>
      Promise.all([findAccount(db, userId, plan.accountId), this.views.categoryBalances(userId, [fundingPool, unassigned], false, db)]),
    );
    if (!account) throw new Error(`account ${plan.accountId} was added but is not in the read model`);
    return { data: { account, categories } };
  }
}
