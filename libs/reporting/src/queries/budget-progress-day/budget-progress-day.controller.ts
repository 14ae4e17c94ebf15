import { Controller, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { budgetProgressDay, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { BudgetProgressDayQuery } from './budget-progress-day.query.js';

/** GET /api/v1/reports/budget-progress/day?date=YYYY-MM-DD: the ids of one budget-progress day's transactions. */
@Controller()
export class BudgetProgressDayController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(budgetProgressDay, BudgetProgressDayQuery)
  day(@CurrentUserId() userId: string, @Input(budgetProgressDay) { query }: RouteInput<typeof budgetProgressDay>) {
    return this.queries.execute(new BudgetProgressDayQuery(userId, query));
  }
}
