import { Command } from '@nestjs/cqrs';
import type { addInstitution, RouteResponse } from '@budget/contracts';
import type { CheckedBody } from '../../http/checked-input.js';

/** Add an offline institution with its accounts. */
export class AddInstitutionCommand extends Command<RouteResponse<typeof addInstitution>> {
  constructor(
    readonly userId: string,
    readonly body: CheckedBody<typeof addInstitution>,
  ) {
    super();
  }
}
