import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PG_POOL, type Pool } from '@budget/platform';
import { dollars } from '../report-range.js';
import { IncomeVsExpensesQuery } from './income-vs-expenses.query.js';
import { incomeVsExpensesSql } from './income-vs-expenses.sql.js';

@QueryHandler(IncomeVsExpensesQuery)
export class IncomeVsExpensesHandler implements IQueryHandler<IncomeVsExpensesQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, filter }: IncomeVsExpensesQuery) {
    const rows = await incomeVsExpensesSql(this.pool, userId, filter.startDate ?? null, filter.endDate ?? null);
    return rows.map((r): [string, number, number, number] => [r.month, dollars(r.income), dollars(r.expenses), dollars((BigInt(r.income) + BigInt(r.expenses)).toString())]);
  }
}
