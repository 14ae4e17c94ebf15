import { Query } from '@nestjs/cqrs';
import type { budgetProgressDays, RouteInput, RouteResponse } from '@budget/contracts';

/** What is left of the month's funding, day by day, with each day's count of transactions. */
export class BudgetProgressDaysQuery extends Query<RouteResponse<typeof budgetProgressDays>> {
  constructor(
    readonly userId: string,
    readonly filter: RouteInput<typeof budgetProgressDays>['query'],
  ) {
    super();
  }
}
