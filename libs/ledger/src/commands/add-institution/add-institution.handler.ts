import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter, type WriteAppend } from '@budget/platform';
import { institutionStream } from '../../domain/account.events.js';
import { decideAddInstitution } from '../../domain/institution.decide.js';
import { findInstitution } from '../../queries/connected-accounts/connected-accounts.sql.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { LedgerViews } from '../../queries/transaction-view.js';
import { openAccountAppends, planAccount } from '../open-account.js';
import { AddInstitutionCommand } from './add-institution.command.js';

/**
 * Decide the institution and every account first (a bad account changes nothing), then append
 * them, each account with its starting balance, as one write (all or nothing); answer the
 * institution and the Funding Pool, read behind the append's commit.
 */
@CommandHandler(AddInstitutionCommand)
export class AddInstitutionHandler implements ICommandHandler<AddInstitutionCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
    @Inject(LedgerViews) private readonly views: LedgerViews,
  ) {}

  async execute({ userId, body }: AddInstitutionCommand) {
    const caller = { userId };
    const institutionId = this.writer.newId();
    const added = decideAddInstitution(institutionId, body.institution?.name);
    const plans = (body.accounts ?? []).map((account, index) =>
      planAccount(this.writer, institutionId, { ...account, startDate: account.startDate ?? body.startDate }, `accounts.${index}.`),
    );
    const appends: WriteAppend[] = [{ stream: institutionStream(institutionId), events: added, expectedRevision: 'no_stream' }];
    const { fundingPool } = await this.lookups.systemCategories(userId);
    for (const plan of plans) appends.push(...openAccountAppends(this.writer, plan, fundingPool));
    const [institution, categories] = await this.writer.appendManyThenRead(appends, caller, (db) =>
      Promise.all([findInstitution(db, userId, institutionId), this.views.categoryBalances(userId, [fundingPool], false, db)]),
    );
    if (!institution) throw new Error(`institution ${institutionId} was added but is not in the read model`);
    return { data: { ...institution, categories } };
  }
}
