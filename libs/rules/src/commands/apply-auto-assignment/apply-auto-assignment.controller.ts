import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { applyAutoAssignment, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { RulesErrorFilter } from '../../http/rules-error.filter.js';
import { ApplyAutoAssignmentCommand } from './apply-auto-assignment.command.js';

/** POST /api/v1/auto-assignments/{id}/apply: the rule applied to the existing Unassigned transactions; 404 for a rule not the caller's. */
@Controller()
@UseFilters(RulesErrorFilter)
export class ApplyAutoAssignmentController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(applyAutoAssignment, ApplyAutoAssignmentCommand)
  apply(@CurrentUserId() userId: string, @Input(applyAutoAssignment) { params }: RouteInput<typeof applyAutoAssignment>) {
    return this.commands.execute(new ApplyAutoAssignmentCommand(userId, params.id));
  }
}
