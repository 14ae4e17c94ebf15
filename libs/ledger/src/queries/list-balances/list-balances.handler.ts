import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PG_POOL, type Pool } from '@budget/platform';
import { ListBalancesQuery } from './list-balances.query.js';
import { listBalances } from './list-balances.sql.js';

@QueryHandler(ListBalancesQuery)
export class ListBalancesHandler implements IQueryHandler<ListBalancesQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  execute({ userId, accountId, page }: ListBalancesQuery) {
    return listBalances(this.pool, userId, accountId, page.offset, page.limit);
  }
}
