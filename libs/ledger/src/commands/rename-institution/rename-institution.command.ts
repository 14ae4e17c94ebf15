import { Command } from '@nestjs/cqrs';
import type { renameInstitution, RouteInput, RouteResponse } from '@budget/contracts';

/** Rename an offline institution. */
export class RenameInstitutionCommand extends Command<RouteResponse<typeof renameInstitution>> {
  constructor(
    readonly userId: string,
    readonly institutionId: string,
    readonly body: RouteInput<typeof renameInstitution>['body'],
  ) {
    super();
  }
}
