import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PG_POOL, type Pool } from '@budget/platform';
import { monthBounds } from '../budget-progress/everyday.js';
import { dollars } from '../report-range.js';
import { BudgetProgressDaysQuery } from './budget-progress-days.query.js';
import { budgetProgressDaysSql } from './budget-progress-days.sql.js';

@QueryHandler(BudgetProgressDaysQuery)
export class BudgetProgressDaysHandler implements IQueryHandler<BudgetProgressDaysQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, filter }: BudgetProgressDaysQuery) {
    const { funded, days } = await budgetProgressDaysSql(this.pool, userId, ...monthBounds(filter.m));
    return { funded: dollars(funded), days: days.map((d) => ({ date: d.date, left: dollars(d.cents), count: d.count })) };
  }
}
