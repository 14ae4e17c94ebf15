import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter, NotFound } from '@budget/platform';
import { decideRemoveBalance } from '../../domain/balance-history.decide.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { appendToAccount, loadAccountStream } from '../account-stream.js';
import { RemoveBalanceCommand } from './remove-balance.command.js';

/** Load the account the row belongs to, decide the removal, append; the account falls back to its newest row. */
@CommandHandler(RemoveBalanceCommand)
export class RemoveBalanceHandler implements ICommandHandler<RemoveBalanceCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
  ) {}

  /** Decided again on the fresh streams when another write lands first (`EventWriter.retrying`). */
  execute(command: RemoveBalanceCommand) {
    return this.writer.retrying(() => this.attempt(command));
  }

  private async attempt({ userId, balanceId, accountId: under }: RemoveBalanceCommand): Promise<void> {
    const caller = { userId };
    const accountId = await this.lookups.balanceAccount(userId, balanceId);
    if (under !== null && under !== accountId) throw new NotFound('Balance not found');
    const { loaded, state } = await loadAccountStream(this.writer, caller, accountId);
    await appendToAccount(this.writer, caller, accountId, decideRemoveBalance(balanceId, state), loaded.revision);
  }
}
