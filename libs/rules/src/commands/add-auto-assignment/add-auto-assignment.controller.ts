import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { addAutoAssignment, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { RulesErrorFilter } from '../../http/rules-error.filter.js';
import { AddAutoAssignmentCommand } from './add-auto-assignment.command.js';

/** POST /api/v1/auto-assignments: 201 with the rule; a category not the caller's is a 422 on its row. */
@Controller()
@UseFilters(RulesErrorFilter)
export class AddAutoAssignmentController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(addAutoAssignment, AddAutoAssignmentCommand)
  add(@CurrentUserId() userId: string, @Input(addAutoAssignment) { body }: RouteInput<typeof addAutoAssignment>) {
    return this.commands.execute(new AddAutoAssignmentCommand(userId, body));
  }
}
