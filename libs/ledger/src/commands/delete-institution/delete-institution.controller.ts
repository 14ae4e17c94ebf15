import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { deleteInstitution, UnlinkOnlineInstitution } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { DeleteInstitutionCommand } from './delete-institution.command.js';

/**
 * DELETE /api/v1/institution/{id}: the balances of the categories that moved. A linked institution's
 * Plaid item is removed first (bank-sync, `UnlinkOnlineInstitution`; its failure aborts the delete).
 */
@Controller()
@UseFilters(LedgerErrorFilter)
export class DeleteInstitutionController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(deleteInstitution, DeleteInstitutionCommand)
  async remove(@CurrentUserId() userId: string, @Input(deleteInstitution) { params }: CheckedInput<typeof deleteInstitution>) {
    await this.commands.execute(new UnlinkOnlineInstitution(userId, params.id));
    return this.commands.execute(new DeleteInstitutionCommand(userId, params.id));
  }
}
