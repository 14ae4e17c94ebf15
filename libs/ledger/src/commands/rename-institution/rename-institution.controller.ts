import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { renameInstitution } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { RenameInstitutionCommand } from './rename-institution.command.js';

/** PATCH /api/v1/institution/{id} {name}: `{name}`. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class RenameInstitutionController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(renameInstitution, RenameInstitutionCommand)
  rename(@CurrentUserId() userId: string, @Input(renameInstitution) { params, body }: CheckedInput<typeof renameInstitution>) {
    return this.commands.execute(new RenameInstitutionCommand(userId, params.id, body));
  }
}
