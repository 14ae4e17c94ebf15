import { Command } from '@nestjs/cqrs';
import type { changeAutoAssignment, RouteInput, RouteResponse } from '@budget/contracts';

/** Replace one of the caller's rules (name, search strings, category rows). */
export class ChangeAutoAssignmentCommand extends Command<RouteResponse<typeof changeAutoAssignment>> {
  constructor(
    readonly userId: string,
    readonly ruleId: string,
    readonly body: RouteInput<typeof changeAutoAssignment>['body'],
  ) {
    super();
  }
}
