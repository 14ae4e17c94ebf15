import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter } from '@budget/platform';
import { accountStream } from '../../domain/account.events.js';
import { decideChangeStatement } from '../../domain/statement.decide.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { findStatement } from '../../queries/list-statements/statements.sql.js';
import { loadAccountStream } from '../account-stream.js';
import { ChangeStatementCommand } from './change-statement.command.js';

/** Load the statement's account, decide the change or reconciliation, append; answer the statement. */
@CommandHandler(ChangeStatementCommand)
export class ChangeStatementHandler implements ICommandHandler<ChangeStatementCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
  ) {}

  /** Decided again on the fresh streams when another write lands first (`EventWriter.retrying`). */
  execute(command: ChangeStatementCommand) {
    return this.writer.retrying(() => this.attempt(command));
  }

  private async attempt({ userId, statementId, body }: ChangeStatementCommand) {
    const caller = { userId };
    const accountId = await this.lookups.statementAccount(userId, statementId);
    const { loaded, state } = await loadAccountStream(this.writer, caller, accountId);
    const events = decideChangeStatement(statementId, body, state, await this.lookups.reconcilableRows(accountId));
    return this.writer.appendThenRead(accountStream(accountId), events, loaded.revision, caller, (db) => findStatement(db, userId, statementId));
  }
}
