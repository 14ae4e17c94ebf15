import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PG_POOL, type Pool } from '@budget/platform';
import { dollars } from '../report-range.js';
import { BudgetProgressQuery } from './budget-progress.query.js';
import { budgetProgressSql } from './budget-progress.sql.js';
import { monthBounds } from './everyday.js';

@QueryHandler(BudgetProgressQuery)
export class BudgetProgressHandler implements IQueryHandler<BudgetProgressQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, filter }: BudgetProgressQuery) {
    const rows = await budgetProgressSql(this.pool, userId, ...monthBounds(filter.m));
    return rows.map((r): [string, number, string[]] => [r.date, dollars(r.cents), r.ids]);
  }
}
