import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { dollarsFromCents } from '@budget/money';
import { EventWriter } from '@budget/platform';
import { foldAccount } from '../../domain/account.state.js';
import { balanceFromHistory, decideRecordBalance } from '../../domain/balance-history.decide.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { appendToAccount, loadAccountStream } from '../account-stream.js';
import { RecordBalanceCommand } from './record-balance.command.js';

/** Load the account, decide the history row (rule 20: one per date), append; answer it with the account's balance. */
@CommandHandler(RecordBalanceCommand)
export class RecordBalanceHandler implements ICommandHandler<RecordBalanceCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
  ) {}

  /** Decided again on the fresh streams when another write lands first (`EventWriter.retrying`). */
  execute(command: RecordBalanceCommand) {
    return this.writer.retrying(() => this.attempt(command));
  }

  private async attempt({ userId, accountId, body }: RecordBalanceCommand) {
    const caller = { userId };
    await this.lookups.account(userId, accountId);
    const { loaded, state } = await loadAccountStream(this.writer, caller, accountId);
    const balanceId = this.writer.newId();
    const events = decideRecordBalance(balanceId, body.date, body.amount, state);
    await appendToAccount(this.writer, caller, accountId, events, loaded.revision);
    const accountBalance = balanceFromHistory(foldAccount([...loaded.events, ...events]));
    return { data: { id: balanceId, date: body.date, balance: dollarsFromCents(body.amount), accountBalance: dollarsFromCents(accountBalance) } };
  }
}
