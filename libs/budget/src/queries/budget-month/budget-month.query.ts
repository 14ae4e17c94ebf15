import { Query } from '@nestjs/cqrs';
import type { budgetMonthRoute, RouteResponse } from '@budget/contracts';

/** The caller's budget for one month (`YYYY-MM`), as GET /budget/months/{month} answers it. */
export class BudgetMonthQuery extends Query<RouteResponse<typeof budgetMonthRoute>> {
  constructor(
    readonly userId: string,
    readonly month: string,
  ) {
    super();
  }
}
