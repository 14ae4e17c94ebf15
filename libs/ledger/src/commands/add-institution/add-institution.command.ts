import { Command } from '@nestjs/cqrs';
import type { addInstitution, RouteInput, RouteResponse } from '@budget/contracts';

/** Add an offline institution with its accounts. */
export class AddInstitutionCommand extends Command<RouteResponse<typeof addInstitution>> {
  constructor(
    readonly userId: string,
    readonly body: RouteInput<typeof addInstitution>['body'],
  ) {
    super();
  }
}
