import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter, PG_POOL, type Pool } from '@budget/platform';
import { institutionStream } from '../../domain/account.events.js';
import { decideAddInstitution } from '../../domain/institution.decide.js';
import { findInstitution } from '../../queries/connected-accounts/connected-accounts.sql.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { LedgerViews } from '../../queries/transaction-view.js';
import { openAccount, planAccount } from '../open-account.js';
import { AddInstitutionCommand } from './add-institution.command.js';

/**
 * Decide the institution and every account first (a bad account changes nothing), then append
 * them, each account with its starting balance; answer the institution and the Funding Pool.
 */
@CommandHandler(AddInstitutionCommand)
export class AddInstitutionHandler implements ICommandHandler<AddInstitutionCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
    @Inject(LedgerViews) private readonly views: LedgerViews,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute({ userId, body }: AddInstitutionCommand) {
    const caller = { userId };
    const institutionId = this.writer.newId();
    const added = decideAddInstitution(institutionId, body.institution?.name);
    const plans = (body.accounts ?? []).map((account, index) =>
      planAccount(this.writer, institutionId, { ...account, startDate: account.startDate ?? body.startDate }, `accounts.${index}.`),
    );
    const positions = [await this.writer.append(institutionStream(institutionId), added, 'no_stream', caller)];
    for (const plan of plans) positions.push(...(await openAccount(this.writer, this.lookups, caller, plan)));
    await this.writer.settle(caller, ...positions);
    const institution = await findInstitution(this.pool, userId, institutionId);
    if (!institution) throw new Error(`institution ${institutionId} was added but is not in the read model`);
    const { fundingPool } = await this.lookups.systemCategories(userId);
    return { data: { ...institution, categories: await this.views.categoryBalances(userId, [fundingPool]) } };
  }
}
