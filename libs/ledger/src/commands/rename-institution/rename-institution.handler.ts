import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventWriter } from '@budget/platform';
import { institutionStream, type InstitutionEvent } from '../../domain/account.events.js';
import { decideRenameInstitution, foldInstitution } from '../../domain/institution.decide.js';
import { RenameInstitutionCommand } from './rename-institution.command.js';

/** Load the institution, decide the rename, append; answer the name kept. */
@CommandHandler(RenameInstitutionCommand)
export class RenameInstitutionHandler implements ICommandHandler<RenameInstitutionCommand> {
  constructor(@Inject(EventWriter) private readonly writer: EventWriter) {}

  /** Decided again on the fresh streams when another write lands first (`EventWriter.retrying`). */
  execute(command: RenameInstitutionCommand) {
    return this.writer.retrying(() => this.attempt(command));
  }

  private async attempt({ userId, institutionId, body }: RenameInstitutionCommand) {
    const caller = { userId };
    const stream = institutionStream(institutionId);
    const loaded = await this.writer.load<InstitutionEvent>(stream, caller, 'Institution');
    const state = foldInstitution(loaded.events);
    const events = decideRenameInstitution(body.name, state);
    await this.writer.settle(caller, await this.writer.append(stream, events, loaded.revision, caller));
    return { name: events[0]?.data.name ?? state.name };
  }
}
