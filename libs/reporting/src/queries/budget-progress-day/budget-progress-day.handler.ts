import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PG_POOL, type Pool } from '@budget/platform';
import { BudgetProgressDayQuery } from './budget-progress-day.query.js';
import { budgetProgressDaySql } from './budget-progress-day.sql.js';

@QueryHandler(BudgetProgressDayQuery)
export class BudgetProgressDayHandler implements IQueryHandler<BudgetProgressDayQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, filter }: BudgetProgressDayQuery) {
    return { date: filter.date, ids: await budgetProgressDaySql(this.pool, userId, filter.date) };
  }
}
