import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { changeGroup, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { BudgetErrorFilter } from '../../http/budget-error.filter.js';
import { ChangeGroupCommand } from './change-group.command.js';

/** PATCH /api/v1/groups/{id} {name?, parentGroupId?, hidden?}: `{data: group}`. */
@Controller()
@UseFilters(BudgetErrorFilter)
export class ChangeGroupController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(changeGroup, ChangeGroupCommand)
  change(@CurrentUserId() userId: string, @Input(changeGroup) { params, body }: RouteInput<typeof changeGroup>) {
    return this.commands.execute(new ChangeGroupCommand(userId, params.id, body));
  }
}
