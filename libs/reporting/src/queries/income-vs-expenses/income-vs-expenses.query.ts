import { Query } from '@nestjs/cqrs';
import type { incomeVsExpensesReport, RouteInput, RouteResponse } from '@budget/contracts';

/** Income, expenses and net per month. */
export class IncomeVsExpensesQuery extends Query<RouteResponse<typeof incomeVsExpensesReport>> {
  constructor(
    readonly userId: string,
    readonly filter: RouteInput<typeof incomeVsExpensesReport>['query'],
  ) {
    super();
  }
}
