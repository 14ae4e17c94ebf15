import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OpenOnlineInstitution } from '@budget/contracts';
import { EventWriter, type WriteAppend } from '@budget/platform';
import { institutionStream, type InstitutionAdded } from '../domain/account.events.js';
import { decideAddInstitution } from '../domain/institution.decide.js';
import { findInstitution } from '../queries/connected-accounts/connected-accounts.sql.js';
import { LedgerLookups } from '../queries/ledger-lookups.js';
import { LedgerViews } from '../queries/transaction-view.js';
import { openAccountAppends } from '../commands/open-account.js';
import { planOnlineAccount } from './online-accounts.js';

/**
 * A linked institution (libs/bank-sync after the token exchange): the institution with its Plaid
 * id and every account of the item, each with a starting balance — its Plaid balance, dated the
 * start date (server-behaviour §7 weak point 11: the original gave online accounts none) — as one
 * write. Answers like POST /institution.
 */
@CommandHandler(OpenOnlineInstitution)
export class OpenOnlineInstitutionHandler implements ICommandHandler<OpenOnlineInstitution> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
    @Inject(LedgerViews) private readonly views: LedgerViews,
  ) {}

  async execute({ userId, institutionId, name, plaidInstitutionId, startDate, accounts }: OpenOnlineInstitution) {
    const [added] = decideAddInstitution(institutionId, name);
    const event: InstitutionAdded = { ...added, data: { ...added.data, plaidInstitutionId } };
    const plans = accounts.map((account, index) => planOnlineAccount(this.writer, institutionId, account, startDate, `accounts.${index}.`));
    const appends: WriteAppend[] = [{ stream: institutionStream(institutionId), events: [event], expectedRevision: 'no_stream' }];
    const { fundingPool, unassigned } = await this.lookups.systemCategories(userId);
    for (const plan of plans) appends.push(...openAccountAppends(this.writer, plan, fundingPool));
    const [institution, categories] = await this.writer.appendManyThenRead(appends, { userId }, (db) =>
      Promise.all([findInstitution(db, userId, institutionId), this.views.categoryBalances(userId, [fundingPool, unassigned], false, db)]),
    );
    if (!institution) throw new Error(`institution ${institutionId} was added but is not in the read model`);
    return { data: { ...institution, categories } };
  }
}
