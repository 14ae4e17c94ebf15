import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { changeAutoAssignment, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { RulesErrorFilter } from '../../http/rules-error.filter.js';
import { ChangeAutoAssignmentCommand } from './change-auto-assignment.command.js';

/** PATCH /api/v1/auto-assignments/{id}: the whole rule replaced; 404 for a rule not the caller's. */
@Controller()
@UseFilters(RulesErrorFilter)
export class ChangeAutoAssignmentController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(changeAutoAssignment, ChangeAutoAssignmentCommand)
  change(@CurrentUserId() userId: string, @Input(changeAutoAssignment) { params, body }: RouteInput<typeof changeAutoAssignment>) {
    return this.commands.execute(new ChangeAutoAssignmentCommand(userId, params.id, body));
  }
}
