import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { dollarsFromCents } from '@budget/money';
import { EventWriter } from '@budget/platform';
import { decideChangeBalance } from '../../domain/balance-history.decide.js';
import { RuleViolation } from '../../domain/domain-error.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { appendToAccount, loadAccountStream } from '../account-stream.js';
import { ChangeBalanceCommand } from './change-balance.command.js';

/** Load the account the row belongs to, decide the change (one row per date), append; answer the row. */
@CommandHandler(ChangeBalanceCommand)
export class ChangeBalanceHandler implements ICommandHandler<ChangeBalanceCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
  ) {}

  /** Decided again on the fresh streams when another write lands first (`EventWriter.retrying`). */
  execute(command: ChangeBalanceCommand) {
    return this.writer.retrying(() => this.attempt(command));
  }

  private async attempt({ userId, accountId, balanceId, body }: ChangeBalanceCommand) {
    const caller = { userId };
    const owner = await this.lookups.balanceAccount(userId, balanceId);
    if (owner !== accountId) throw new RuleViolation('balanceId', 'The balance belongs to another account.', 'mismatch');
    const { loaded, state } = await loadAccountStream(this.writer, caller, accountId);
    const events = decideChangeBalance(balanceId, body.date, body.amount, state);
    await appendToAccount(this.writer, caller, accountId, events, loaded.revision);
    return { data: { id: balanceId, accountId, balance: dollarsFromCents(body.amount), date: body.date } };
  }
}
