import { Controller, Inject, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { categoryBalancesAsOf, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { LedgerErrorFilter } from '../../../http/ledger-error.filter.js';
import { CategoryBalancesQuery } from './category-balances.query.js';

/** GET /api/v1/category-balances?date=D[&id=T]: the rebalance dialog's balances, a bare list. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class CategoryBalancesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(categoryBalancesAsOf, CategoryBalancesQuery)
  balances(@CurrentUserId() userId: string, @Input(categoryBalancesAsOf) { query }: RouteInput<typeof categoryBalancesAsOf>) {
    return this.queries.execute(new CategoryBalancesQuery(userId, query.date, query.id ?? null));
  }
}
