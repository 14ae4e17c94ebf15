import { Query } from '@nestjs/cqrs';
import type { budgetProgressReport, RouteInput, RouteResponse } from '@budget/contracts';

/** What is left of the month's funding, day by day. */
export class BudgetProgressQuery extends Query<RouteResponse<typeof budgetProgressReport>> {
  constructor(
    readonly userId: string,
    readonly filter: RouteInput<typeof budgetProgressReport>['query'],
  ) {
    super();
  }
}
