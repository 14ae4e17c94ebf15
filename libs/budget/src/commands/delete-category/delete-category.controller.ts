import { Controller, Delete, HttpCode, Inject, Param, UseFilters } from '@nestjs/common';
import { CurrentUserId } from '@budget/identity';
import { PG_POOL, type Pool } from '@budget/platform';
import { BudgetErrorFilter } from '../../http/budget-error.filter.js';
import { BudgetCommands } from '../budget-commands.js';
import { categoryInUse } from './category-in-use.query.js';

/** DELETE /api/v1/groups/{groupId}/categories/{id}: 204, or 409 HAS_CHILDREN while transactions use it. */
@Controller('groups/:groupId/categories')
@UseFilters(BudgetErrorFilter)
export class DeleteCategoryController {
  constructor(
    @Inject(BudgetCommands) private readonly commands: BudgetCommands,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  @Delete(':id')
  @HttpCode(204)
  async delete(@CurrentUserId() userId: string, @Param('groupId') groupId: string, @Param('id') categoryId: string): Promise<void> {
    const inUse = await categoryInUse(this.pool, userId, categoryId);
    await this.commands.run({ userId }, { type: 'DeleteCategory', categoryId, groupId, inUse });
  }
}
