import { Command } from '@nestjs/cqrs';
import type { addAutoAssignment, RouteInput, RouteResponse } from '@budget/contracts';

/** Add a rule to the caller's rules. */
export class AddAutoAssignmentCommand extends Command<RouteResponse<typeof addAutoAssignment>> {
  constructor(
    readonly userId: string,
    readonly body: RouteInput<typeof addAutoAssignment>['body'],
  ) {
    super();
  }
}
