import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter } from '@budget/platform';
import { institutionStream, type InstitutionEvent } from '../../domain/account.events.js';
import { decideDeleteInstitution, foldInstitution } from '../../domain/institution.decide.js';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { LedgerViews } from '../../queries/transaction-view.js';
import { DeleteInstitutionCommand } from './delete-institution.command.js';

/** Load the institution, decide the delete, append; answer the balances of the categories its rows touched. */
@CommandHandler(DeleteInstitutionCommand)
export class DeleteInstitutionHandler implements ICommandHandler<DeleteInstitutionCommand> {
  constructor(
    @Inject(EventWriter) private readonly writer: EventWriter,
    @Inject(LedgerLookups) private readonly lookups: LedgerLookups,
    @Inject(LedgerViews) private readonly views: LedgerViews,
  ) {}

  /** Decided again on the fresh streams when another write lands first (`EventWriter.retrying`). */
  execute(command: DeleteInstitutionCommand) {
    return this.writer.retrying(() => this.attempt(command));
  }

  private async attempt({ userId, institutionId }: DeleteInstitutionCommand) {
    const caller = { userId };
    const stream = institutionStream(institutionId);
    const loaded = await this.writer.load<InstitutionEvent>(stream, caller, 'Institution');
    const events = decideDeleteInstitution(foldInstitution(loaded.events));
    const touched = await this.lookups.categoriesOfInstitution(userId, institutionId);
    return this.writer.appendThenRead(stream, events, loaded.revision, caller, (db) => this.views.categoryBalances(userId, touched, false, db));
  }
}
