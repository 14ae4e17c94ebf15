import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OpenOnlineAccounts } from '@budget/contracts';
import { EventWriter, PG_POOL, type Pool, type WriteAppend } from '@budget/platform';
import { RuleViolation } from '../domain/domain-error.js';
import { findInstitution } from '../queries/connected-accounts/connected-accounts.sql.js';
import { LedgerLookups } from '../queries/ledger-lookups.js';
import { LedgerViews } from '../queries/transaction-view.js';
import { openAccountAppends } from '../commands/open-account.js';
import { planOnlineAccount } from './online-accounts.js';

/**
 * More accounts of a linked institution of the caller's (POST /institution/{id}/accounts online),
 * each with its starting balance, in one write. A Plaid account already open is refused (422).
 */
@CommandHandler(OpenOnlineAccounts)
export class OpenOnlineAccountsHandler implements ICommandHandler<OpenOnlineAccounts> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
    @Inject(LedgerViews) private readonly views: LedgerViews,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute({ userId, institutionId, startDate, accounts }: OpenOnlineAccounts) {
    await this.lookups.institution(userId, institutionId);
    const { rows } = await this.pool.query<{ plaid_account_id: string }>(
      'SELECT plaid_account_id FROM ledger_accounts WHERE user_id = $1 AND institution_id = $2 AND plaid_account_id = ANY($3::text[])',
      [userId, institutionId, accounts.map((a) => a.plaidAccountId)],
    );
    const open = new Set(rows.map((r) => r.plaid_account_id));
    accounts.forEach((account, index) => {
      if (open.has(account.plaidAccountId)) throw new RuleViolation(`plaidAccounts.${index}.plaidAccountId`, 'This account is already linked.', 'unique');
      open.add(account.plaidAccountId); // the same account twice in one request is refused too
    });
    const plans = accounts.map((account, index) => planOnlineAccount(this.writer, institutionId, account, startDate, `plaidAccounts.${index}.`));
    const { fundingPool, unassigned } = await this.lookups.systemCategories(userId);
    const appends: WriteAppend[] = plans.flatMap((plan) => openAccountAppends(this.writer, plan, fundingPool));
    const [institution, categories] = await this.writer.appendManyThenRead(appends, { userId }, (db) =>
      Promise.all([findInstitution(db, userId, institutionId), this.views.categoryBalances(userId, [fundingPool, unassigned], false, db)]),
    );
    const opened = plans.map((plan) => institution?.accounts.find((a) => a.id === plan.accountId));
    if (!institution || opened.some((a) => !a)) throw new Error(`accounts of ${institutionId} were added but are not in the read model`);
    const list = opened.filter((a) => a !== undefined);
    return { data: { account: list[0]!, accounts: list, categories } };
  }
}
