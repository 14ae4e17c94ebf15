import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { changeCategory, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { BudgetErrorFilter } from '../../http/budget-error.filter.js';
import { ChangeCategoryCommand } from './change-category.command.js';

/** PATCH /api/v1/groups/{groupId}/categories/{id}: changes it and moves it into the route's group. */
@Controller()
@UseFilters(BudgetErrorFilter)
export class ChangeCategoryController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(changeCategory, ChangeCategoryCommand)
  change(@CurrentUserId() userId: string, @Input(changeCategory) { params, body }: RouteInput<typeof changeCategory>) {
    return this.commands.execute(new ChangeCategoryCommand(userId, params.groupId, params.id, body));
  }
}
