import { Command } from '@nestjs/cqrs';
import type { deleteInstitution, RouteResponse } from '@budget/contracts';

/** Delete an institution with its accounts and their transactions. */
export class DeleteInstitutionCommand extends Command<RouteResponse<typeof deleteInstitution>> {
  constructor(
    readonly userId: string,
    readonly institutionId: string,
  ) {
    super();
  }
}
