import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter } from '@budget/platform';
import { accountStream, type AccountEvent } from '../../domain/account.events.js';
import { foldAccount } from '../../domain/account.state.js';
import { decideDeleteAccount } from '../../domain/change-account.decide.js';
import { RuleViolation } from '../../domain/domain-error.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { LedgerViews } from '../../queries/transaction-view.js';
import { DeleteAccountCommand } from './delete-account.command.js';

/** Load the account, decide the delete, append; answer the balances of the categories its rows touched. */
@CommandHandler(DeleteAccountCommand)
export class DeleteAccountHandler implements ICommandHandler<DeleteAccountCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
    @Inject(LedgerViews) private readonly views: LedgerViews,
  ) {}

  /** Decided again on the fresh streams when another write lands first (`EventWriter.retrying`). */
  execute(command: DeleteAccountCommand) {
    return this.writer.retrying(() => this.attempt(command));
  }

  private async attempt({ userId, institutionId, accountId }: DeleteAccountCommand) {
    const caller = { userId };
    const account = await this.lookups.account(userId, accountId);
    if (account.institutionId !== institutionId) throw new RuleViolation('accountId', 'The account does not belong to this institution.', 'mismatch');
    const touched = await this.lookups.categoriesOfAccount(userId, accountId);
    const loaded = await this.writer.load<AccountEvent>(accountStream(accountId), caller, 'Account');
    const events = decideDeleteAccount(foldAccount(loaded.events));
    return this.writer.appendThenRead(accountStream(accountId), events, loaded.revision, caller, (db) => this.views.categoryBalances(userId, touched, false, db));
  }
}
