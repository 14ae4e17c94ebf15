import { Controller, Inject, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { deleteGroup, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { BudgetErrorFilter } from '../../http/budget-error.filter.js';
import { DeleteGroupCommand } from './delete-group.command.js';

/** DELETE /api/v1/groups/{id}: 204, or 409 HAS_CHILDREN while it holds categories or groups. */
@Controller()
@UseFilters(BudgetErrorFilter)
export class DeleteGroupController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(deleteGroup, DeleteGroupCommand)
  delete(@CurrentUserId() userId: string, @Input(deleteGroup) { params }: RouteInput<typeof deleteGroup>): Promise<void> {
    return this.commands.execute(new DeleteGroupCommand(userId, params.id));
  }
}
