import { Command } from '@nestjs/cqrs';
import type { applyAutoAssignment, RouteResponse } from '@budget/contracts';

/** Apply one of the caller's rules to their existing Unassigned transactions. */
export class ApplyAutoAssignmentCommand extends Command<RouteResponse<typeof applyAutoAssignment>> {
  constructor(
    readonly userId: string,
    readonly ruleId: string,
  ) {
    super();
  }
}
