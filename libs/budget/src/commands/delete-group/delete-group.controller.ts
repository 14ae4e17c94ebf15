import { Controller, Delete, HttpCode, Inject, Param, UseFilters } from '@nestjs/common';
import { CurrentUserId } from '@budget/identity';
import { BudgetErrorFilter } from '../../http/budget-error.filter.js';
import { BudgetCommands } from '../budget-commands.js';

/** DELETE /api/v1/groups/{id}: 204, or 409 HAS_CHILDREN while it holds categories or groups. */
@Controller('groups')
@UseFilters(BudgetErrorFilter)
export class DeleteGroupController {
  constructor(@Inject(BudgetCommands) private readonly commands: BudgetCommands) {}

  @Delete(':id')
  @HttpCode(204)
  async delete(@CurrentUserId() userId: string, @Param('id') groupId: string): Promise<void> {
    await this.commands.run({ userId }, { type: 'DeleteGroup', groupId });
  }
}
