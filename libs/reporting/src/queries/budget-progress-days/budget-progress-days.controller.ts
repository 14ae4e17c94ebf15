import { Controller, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { budgetProgressDays, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { BudgetProgressDaysQuery } from './budget-progress-days.query.js';

/** GET /api/v1/reports/budget-progress/days?m=M-YYYY: budget progress for our web client, without the ids. */
@Controller()
export class BudgetProgressDaysController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(budgetProgressDays, BudgetProgressDaysQuery)
  report(@CurrentUserId() userId: string, @Input(budgetProgressDays) { query }: RouteInput<typeof budgetProgressDays>) {
    return this.queries.execute(new BudgetProgressDaysQuery(userId, query));
  }
}
