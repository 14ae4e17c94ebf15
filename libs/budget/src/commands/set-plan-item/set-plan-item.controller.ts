import { Body, Controller, Inject, Param, Put, UseFilters } from '@nestjs/common';
import { CurrentUserId } from '@budget/identity';
import { PG_POOL, type Pool } from '@budget/platform';
import { BudgetErrorFilter } from '../../http/budget-error.filter.js';
import { asBody, nonNegativeAmount, optionalBoolean, optionalDate, recurrenceField } from '../../http/request-fields.js';
import { findCategory } from '../../queries/list-groups/list-groups.query.js';
import { BudgetCommands } from '../budget-commands.js';

/** PUT /api/v1/funding-plans/item/{categoryId} {amount, useGoal, goalDate, recurrence}: answers the bare category. */
@Controller('funding-plans/item')
@UseFilters(BudgetErrorFilter)
export class SetPlanItemController {
  constructor(
    @Inject(BudgetCommands) private readonly commands: BudgetCommands,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  @Put(':categoryId')
  async set(@CurrentUserId() userId: string, @Param('categoryId') categoryId: string, @Body() body: unknown) {
    const b = asBody(body);
    await this.commands.run(
      { userId },
      {
        type: 'SetPlanItem',
        categoryId,
        fundingAmount: nonNegativeAmount(b.amount, 'amount'),
        useGoal: optionalBoolean(b.useGoal, 'useGoal') ?? false,
        goalDate: optionalDate(b.goalDate, 'goalDate') ?? null,
        recurrence: recurrenceField(b.recurrence),
        today: this.commands.today(),
      },
    );
    return findCategory(this.pool, userId, categoryId);
  }
}
