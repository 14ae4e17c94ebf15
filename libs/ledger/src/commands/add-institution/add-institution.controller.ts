import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { addInstitution, LinkOnlineInstitution, type RouteResponse } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { AddInstitutionCommand } from './add-institution.command.js';

/**
 * POST /api/v1/institution {institution:{name}, accounts, startDate}: 201 `{data: {...institution, categories}}`.
 * With a `publicToken` it is an online institution: bank-sync (which holds Plaid and the item's
 * token) links it and opens it here through `OpenOnlineInstitution`.
 */
@Controller()
@UseFilters(LedgerErrorFilter)
export class AddInstitutionController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(addInstitution, AddInstitutionCommand)
  add(@CurrentUserId() userId: string, @Input(addInstitution) { body }: CheckedInput<typeof addInstitution>) {
    if (body.publicToken) {
      return this.commands.execute<LinkOnlineInstitution, RouteResponse<typeof addInstitution>>(
        new LinkOnlineInstitution(userId, body.publicToken, body.institutionId ?? '', body.startDate),
      );
    }
    return this.commands.execute(new AddInstitutionCommand(userId, body));
  }
}
