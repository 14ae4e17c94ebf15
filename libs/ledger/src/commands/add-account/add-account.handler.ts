import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter, PG_POOL, type Pool } from '@budget/platform';
import { findAccount } from '../../queries/connected-accounts/connected-accounts.sql.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { LedgerViews } from '../../queries/transaction-view.js';
import { openAccount, planAccount } from '../open-account.js';
import { AddAccountCommand } from './add-account.command.js';

/** Decide the account, append it with its starting balance; answer it with the Funding Pool and Unassigned. */
@CommandHandler(AddAccountCommand)
export class AddAccountHandler implements ICommandHandler<AddAccountCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
    @Inject(LedgerViews) private readonly views: LedgerViews,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute({ userId, institutionId, body }: AddAccountCommand) {
    const caller = { userId };
    await this.lookups.institution(userId, institutionId);
    const plan = planAccount(this.writer, institutionId, body, '');
    await this.writer.settle(caller, ...(await openAccount(this.writer, this.lookups, caller, plan)));
    const account = await findAccount(this.pool, userId, plan.accountId);
    if (!account) throw new Error(`account ${plan.accountId} was added but is not in the read model`);
    const { fundingPool, unassigned } = await this.lookups.systemCategories(userId);
    return { data: { account, categories: await this.views.categoryBalances(userId, [fundingPool, unassigned]) } };
  }
}
