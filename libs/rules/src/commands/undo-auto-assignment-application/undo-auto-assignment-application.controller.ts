import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { undoAutoAssignmentApplication, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { RulesErrorFilter } from '../../http/rules-error.filter.js';
import { UndoAutoAssignmentApplicationCommand } from './undo-auto-assignment-application.command.js';

/** POST /api/v1/auto-assignments/{id}/applications/{applicationId}/undo; 404 for a rule not the caller's, 422 when undone already. */
@Controller()
@UseFilters(RulesErrorFilter)
export class UndoAutoAssignmentApplicationController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(undoAutoAssignmentApplication, UndoAutoAssignmentApplicationCommand)
  undo(@CurrentUserId() userId: string, @Input(undoAutoAssignmentApplication) { params }: RouteInput<typeof undoAutoAssignmentApplication>) {
    return this.commands.execute(new UndoAutoAssignmentApplicationCommand(userId, params.id, params.applicationId));
  }
}
