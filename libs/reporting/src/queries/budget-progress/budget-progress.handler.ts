import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PG_POOL, type Pool } from '@budget/platform';
import { dollars } from '../report-range.js';
import { BudgetProgressQuery } from './budget-progress.query.js';
import { budgetProgressSql } from './budget-progress.sql.js';

const first = (year: number, month: number) => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;

@QueryHandler(BudgetProgressQuery)
export class BudgetProgressHandler implements IQueryHandler<BudgetProgressQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, filter }: BudgetProgressQuery) {
    const { year, month } = filter.m;
    const next = month === 12 ? first(year + 1, 1) : first(year, month + 1);
    const rows = await budgetProgressSql(this.pool, userId, first(year, month), next);
    return rows.map((r): [string, number, string[]] => [r.date, dollars(r.cents), r.ids]);
  }
}
