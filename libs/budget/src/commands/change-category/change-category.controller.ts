import { Body, Controller, Inject, Param, Patch, UseFilters } from '@nestjs/common';
import { CurrentUserId } from '@budget/identity';
import { PG_POOL, type Pool } from '@budget/platform';
import { BudgetErrorFilter } from '../../http/budget-error.filter.js';
import { categoryFields } from '../../http/category-body.js';
import { findCategory } from '../../queries/list-groups/list-groups.query.js';
import { BudgetCommands } from '../budget-commands.js';

/** PATCH /api/v1/groups/{groupId}/categories/{id}: changes it and moves it into the route's group. */
@Controller('groups/:groupId/categories')
@UseFilters(BudgetErrorFilter)
export class ChangeCategoryController {
  constructor(
    @Inject(BudgetCommands) private readonly commands: BudgetCommands,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  @Patch(':id')
  async change(@CurrentUserId() userId: string, @Param('groupId') groupId: string, @Param('id') categoryId: string, @Body() body: unknown) {
    await this.commands.run({ userId }, { type: 'ChangeCategory', categoryId, groupId, fields: categoryFields(body), today: this.commands.today() });
    return { data: await findCategory(this.pool, userId, categoryId) };
  }
}
