import { Controller, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { incomeVsExpensesReport, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { IncomeVsExpensesQuery } from './income-vs-expenses.query.js';

/** GET /api/v1/reports/income-vs-expenses?startDate&endDate: income, expenses and net per month. */
@Controller()
export class IncomeVsExpensesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(incomeVsExpensesReport, IncomeVsExpensesQuery)
  report(@CurrentUserId() userId: string, @Input(incomeVsExpensesReport) { query }: RouteInput<typeof incomeVsExpensesReport>) {
    return this.queries.execute(new IncomeVsExpensesQuery(userId, query));
  }
}
