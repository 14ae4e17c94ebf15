import { Body, Controller, Inject, Param, Patch, UseFilters } from '@nestjs/common';
import { CurrentUserId } from '@budget/identity';
import { PG_POOL, type Pool } from '@budget/platform';
import { BUDGET_MESSAGES } from '../../domain/index.js';
import { BudgetErrorFilter } from '../../http/budget-error.filter.js';
import { asBody, nameField, optionalBoolean, optionalId } from '../../http/request-fields.js';
import { findGroup } from '../../queries/list-groups/list-groups.query.js';
import { BudgetCommands } from '../budget-commands.js';

/** PATCH /api/v1/groups/{id} {name?, parentGroupId?, hidden?}: answers `{data: group}`. */
@Controller('groups')
@UseFilters(BudgetErrorFilter)
export class ChangeGroupController {
  constructor(
    @Inject(BudgetCommands) private readonly commands: BudgetCommands,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  @Patch(':id')
  async change(@CurrentUserId() userId: string, @Param('id') groupId: string, @Body() body: unknown) {
    const b = asBody(body);
    await this.commands.run(
      { userId },
      {
        type: 'ChangeGroup',
        groupId,
        ...(b.name !== undefined && { name: nameField(b.name, BUDGET_MESSAGES.groupName) }),
        ...(b.parentGroupId !== undefined && { parentGroupId: optionalId(b.parentGroupId, 'parentGroupId') ?? null }),
        ...(b.hidden !== undefined && { hidden: optionalBoolean(b.hidden, 'hidden') }),
      },
    );
    return { data: await findGroup(this.pool, userId, groupId) };
  }
}
