import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PG_POOL, type Pool } from '@budget/platform';
import { dollars, edgeRange } from '../report-range.js';
import { CategoryQuery } from './category.query.js';
import { categorySql } from './category.sql.js';

@QueryHandler(CategoryQuery)
export class CategoryHandler implements IQueryHandler<CategoryQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, filter }: CategoryQuery) {
    const rows = await categorySql(this.pool, userId, edgeRange(filter.startDate, filter.endDate), filter.c ?? null);
    return rows.map((r, i) => ({ rowNumber: i + 1, groupName: r.group_name, categoryName: r.category_name, sum: dollars(r.cents), count: Number(r.count) }));
  }
}
