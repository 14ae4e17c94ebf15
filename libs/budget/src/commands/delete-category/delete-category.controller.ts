import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { deleteCategory, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { BudgetErrorFilter } from '../../http/budget-error.filter.js';
import { DeleteCategoryCommand } from './delete-category.command.js';

/** DELETE /api/v1/groups/{groupId}/categories/{id}: 204, or 409 HAS_CHILDREN while transactions use it. */
@Controller()
@UseFilters(BudgetErrorFilter)
export class DeleteCategoryController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(deleteCategory, DeleteCategoryCommand)
  delete(@CurrentUserId() userId: string, @Input(deleteCategory) { params }: RouteInput<typeof deleteCategory>): Promise<void> {
    return this.commands.execute(new DeleteCategoryCommand(userId, params.groupId, params.id));
  }
}
