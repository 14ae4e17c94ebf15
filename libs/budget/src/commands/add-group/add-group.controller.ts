import { Body, Controller, Inject, Post, UseFilters } from '@nestjs/common';
import { CurrentUserId } from '@budget/identity';
import { PG_POOL, type Pool } from '@budget/platform';
import { BUDGET_MESSAGES } from '../../domain/index.js';
import { BudgetErrorFilter } from '../../http/budget-error.filter.js';
import { asBody, nameField, optionalId } from '../../http/request-fields.js';
import { findGroup } from '../../queries/list-groups/list-groups.query.js';
import { BudgetCommands } from '../budget-commands.js';

/** POST /api/v1/groups {name, parentGroupId}: answers `{data: group}`. */
@Controller('groups')
@UseFilters(BudgetErrorFilter)
export class AddGroupController {
  constructor(
    @Inject(BudgetCommands) private readonly commands: BudgetCommands,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  @Post()
  async add(@CurrentUserId() userId: string, @Body() body: unknown) {
    const b = asBody(body);
    const groupId = this.commands.newId();
    await this.commands.run(
      { userId },
      { type: 'AddGroup', groupId, name: nameField(b.name, BUDGET_MESSAGES.groupName), parentGroupId: optionalId(b.parentGroupId, 'parentGroupId') ?? null },
    );
    return { data: await findGroup(this.pool, userId, groupId) };
  }
}
