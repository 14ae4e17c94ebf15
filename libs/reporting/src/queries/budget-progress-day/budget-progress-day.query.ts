import { Query } from '@nestjs/cqrs';
import type { budgetProgressDay, RouteInput, RouteResponse } from '@budget/contracts';

/** The ids of one budget-progress day's transactions. */
export class BudgetProgressDayQuery extends Query<RouteResponse<typeof budgetProgressDay>> {
  constructor(
    readonly userId: string,
    readonly filter: RouteInput<typeof budgetProgressDay>['query'],
  ) {
    super();
  }
}
