import { Controller, Inject, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { listCategories, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { LedgerErrorFilter } from '../../../http/ledger-error.filter.js';
import { ListCategoriesQuery } from './list-categories.query.js';

/** GET /api/v1/categories?date=D: `{data: [funding info]}`; without a date the tree as GET /groups gives it. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class ListCategoriesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(listCategories, ListCategoriesQuery)
  list(@CurrentUserId() userId: string, @Input(listCategories) { query }: RouteInput<typeof listCategories>) {
    return this.queries.execute(new ListCategoriesQuery(userId, query.date ?? null));
  }
}
