import { Command } from '@nestjs/cqrs';
import type { RouteResponse, undoAutoAssignmentApplication } from '@budget/contracts';

/** Undo one application ("apply to existing") of one of the caller's rules. */
export class UndoAutoAssignmentApplicationCommand extends Command<RouteResponse<typeof undoAutoAssignmentApplication>> {
  constructor(
    readonly userId: string,
    readonly ruleId: string,
    readonly applicationId: string,
  ) {
    super();
  }
}
