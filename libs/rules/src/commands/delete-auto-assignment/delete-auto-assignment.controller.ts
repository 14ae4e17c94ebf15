import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { deleteAutoAssignment, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { RulesErrorFilter } from '../../http/rules-error.filter.js';
import { DeleteAutoAssignmentCommand } from './delete-auto-assignment.command.js';

/** DELETE /api/v1/auto-assignments/{id}: 204; 404 for a rule not the caller's. */
@Controller()
@UseFilters(RulesErrorFilter)
export class DeleteAutoAssignmentController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(deleteAutoAssignment, DeleteAutoAssignmentCommand)
  delete(@CurrentUserId() userId: string, @Input(deleteAutoAssignment) { params }: RouteInput<typeof deleteAutoAssignment>): Promise<void> {
    return this.commands.execute(new DeleteAutoAssignmentCommand(userId, params.id));
  }
}
