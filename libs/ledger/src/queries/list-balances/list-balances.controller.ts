import { Controller, Inject, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { listBalances } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { ListBalancesQuery } from './list-balances.query.js';

/** GET /api/v1/account/{id}/balances?offset&limit: `[{id?, accountId?, date, balance}]`, newest first (1000 unless a limit is given). */
@Controller()
@UseFilters(LedgerErrorFilter)
export class ListBalancesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(listBalances, ListBalancesQuery)
  list(@CurrentUserId() userId: string, @Input(listBalances) { params, query }: CheckedInput<typeof listBalances>) {
    return this.queries.execute(new ListBalancesQuery(userId, params.id, query));
  }
}
