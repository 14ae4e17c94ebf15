import { Controller, Inject, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { listRebalances, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { LedgerErrorFilter } from '../../../http/ledger-error.filter.js';
import { ListRebalancesQuery } from './list-rebalances.query.js';

/** GET /api/v1/rebalances?offset&limit: a page of 30 unless a limit (at most 1000) is given. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class ListRebalancesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(listRebalances, ListRebalancesQuery)
  list(@CurrentUserId() userId: string, @Input(listRebalances) { query }: RouteInput<typeof listRebalances>) {
    return this.queries.execute(new ListRebalancesQuery(userId, query.offset, query.limit));
  }
}
