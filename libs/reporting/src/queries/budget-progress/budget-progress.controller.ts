import { Controller, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { budgetProgressReport, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { BudgetProgressQuery } from './budget-progress.query.js';

/** GET /api/v1/reports/budget-progress?m=M-YYYY: what is left of the month's funding, day by day. */
@Controller()
export class BudgetProgressController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(budgetProgressReport, BudgetProgressQuery)
  report(@CurrentUserId() userId: string, @Input(budgetProgressReport) { query }: RouteInput<typeof budgetProgressReport>) {
    return this.queries.execute(new BudgetProgressQuery(userId, query));
  }
}
