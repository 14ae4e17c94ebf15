import { Body, Controller, Inject, Param, Post, UseFilters } from '@nestjs/common';
import { CurrentUserId } from '@budget/identity';
import { PG_POOL, type Pool } from '@budget/platform';
import { BudgetErrorFilter } from '../../http/budget-error.filter.js';
import { categoryFields } from '../../http/category-body.js';
import { findCategory } from '../../queries/list-groups/list-groups.query.js';
import { BudgetCommands } from '../budget-commands.js';

/** POST /api/v1/groups/{groupId}/categories: answers `{data: category}` with every field. */
@Controller('groups/:groupId/categories')
@UseFilters(BudgetErrorFilter)
export class AddCategoryController {
  constructor(
    @Inject(BudgetCommands) private readonly commands: BudgetCommands,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  @Post()
  async add(@CurrentUserId() userId: string, @Param('groupId') groupId: string, @Body() body: unknown) {
    const fields = categoryFields(body);
    const categoryId = this.commands.newId();
    await this.commands.run(
      { userId },
      { type: 'AddCategory', categoryId, groupId, fields: { ...fields, name: fields.name ?? '' }, today: this.commands.today() },
    );
    return { data: await findCategory(this.pool, userId, categoryId) };
  }
}
