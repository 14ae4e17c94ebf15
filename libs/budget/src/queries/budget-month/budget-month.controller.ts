import { Controller, Inject, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { budgetMonthRoute, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { BudgetErrorFilter } from '../../http/budget-error.filter.js';
import { BudgetMonthQuery } from './budget-month.query.js';

/** GET /api/v1/budget/months/{YYYY-MM}: `{data: month}`; a path that is not such a month is 404. */
@Controller()
@UseFilters(BudgetErrorFilter)
export class BudgetMonthController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(budgetMonthRoute, BudgetMonthQuery)
  month(@CurrentUserId() userId: string, @Input(budgetMonthRoute) { params }: RouteInput<typeof budgetMonthRoute>) {
    return this.queries.execute(new BudgetMonthQuery(userId, params.month));
  }
}
