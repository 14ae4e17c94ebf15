import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { addCategory, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { BudgetErrorFilter } from '../../http/budget-error.filter.js';
import { AddCategoryCommand } from './add-category.command.js';

/** POST /api/v1/groups/{groupId}/categories: 201 `{data: category}` with every field. */
@Controller()
@UseFilters(BudgetErrorFilter)
export class AddCategoryController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(addCategory, AddCategoryCommand)
  add(@CurrentUserId() userId: string, @Input(addCategory) { params, body }: RouteInput<typeof addCategory>) {
    return this.commands.execute(new AddCategoryCommand(userId, params.groupId, body));
  }
}
