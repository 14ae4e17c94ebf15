import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { addGroup, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { BudgetErrorFilter } from '../../http/budget-error.filter.js';
import { AddGroupCommand } from './add-group.command.js';

/** POST /api/v1/groups {name, parentGroupId}: 201 `{data: group}`. */
@Controller()
@UseFilters(BudgetErrorFilter)
export class AddGroupController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(addGroup, AddGroupCommand)
  add(@CurrentUserId() userId: string, @Input(addGroup) { body }: RouteInput<typeof addGroup>) {
    return this.commands.execute(new AddGroupCommand(userId, body));
  }
}
