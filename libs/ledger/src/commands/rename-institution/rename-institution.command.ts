import { Command } from '@nestjs/cqrs';
import type { renameInstitution, RouteResponse } from '@budget/contracts';
import type { CheckedBody } from '../../http/checked-input.js';

/** Rename an offline institution. */
export class RenameInstitutionCommand extends Command<RouteResponse<typeof renameInstitution>> {
  constructor(
    readonly userId: string,
    readonly institutionId: string,
    readonly body: CheckedBody<typeof renameInstitution>,
  ) {
    super();
  }
}
