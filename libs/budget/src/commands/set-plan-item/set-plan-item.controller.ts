import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { setPlanItem, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { BudgetErrorFilter } from '../../http/budget-error.filter.js';
import { SetPlanItemCommand } from './set-plan-item.command.js';

/** PUT /api/v1/funding-plans/item/{categoryId} {amount, useGoal, goalDate, recurrence}: the bare category. */
@Controller()
@UseFilters(BudgetErrorFilter)
export class SetPlanItemController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(setPlanItem, SetPlanItemCommand)
  set(@CurrentUserId() userId: string, @Input(setPlanItem) { params, body }: RouteInput<typeof setPlanItem>) {
    return this.commands.execute(new SetPlanItemCommand(userId, params.categoryId, body));
  }
}
