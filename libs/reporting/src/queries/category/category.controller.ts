import { Controller, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { categoryReport, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { CategoryQuery } from './category.query.js';

/** GET /api/v1/reports/category?startDate&endDate&c…: sums and counts by category. */
@Controller()
export class CategoryController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(categoryReport, CategoryQuery)
  report(@CurrentUserId() userId: string, @Input(categoryReport) { query }: RouteInput<typeof categoryReport>) {
    return this.queries.execute(new CategoryQuery(userId, query));
  }
}
