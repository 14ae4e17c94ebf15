import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter } from '@budget/platform';
import { accountStream } from '../../domain/account.events.js';
import { decideCreateStatement } from '../../domain/statement.decide.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { findStatement, statementTransactionIds } from '../../queries/list-statements/statements.sql.js';
import { loadAccountStream } from '../account-stream.js';
import { CreateStatementCommand } from './create-statement.command.js';

/** Load the account, decide the statement (it holds no rows until the user ticks them), append; answer it with its rows. */
@CommandHandler(CreateStatementCommand)
export class CreateStatementHandler implements ICommandHandler<CreateStatementCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
  ) {}

  /** Decided again on the fresh streams when another write lands first (`EventWriter.retrying`). */
  execute(command: CreateStatementCommand) {
    return this.writer.retrying(() => this.attempt(command));
  }

  private async attempt({ userId, accountId, body }: CreateStatementCommand) {
    const caller = { userId };
    await this.lookups.account(userId, accountId);
    const { loaded, state } = await loadAccountStream(this.writer, caller, accountId);
    const statementId = this.writer.newId();
    const events = decideCreateStatement(statementId, body, state);
    const [statement, transactions] = await this.writer.appendThenRead(accountStream(accountId), events, loaded.revision, caller, (db) =>
      Promise.all([findStatement(db, userId, statementId), statementTransactionIds(db, statementId)]),
    );
    return { ...statement, transactions };
  }
}
