import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PG_POOL, type Pool } from '@budget/platform';
import { ConnectedAccountsQuery } from './connected-accounts.query.js';
import { connectedAccounts } from './connected-accounts.sql.js';

@QueryHandler(ConnectedAccountsQuery)
export class ConnectedAccountsHandler implements IQueryHandler<ConnectedAccountsQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ userId, page }: ConnectedAccountsQuery) {
    return { data: await connectedAccounts(this.pool, userId, page.offset, page.limit) };
  }
}
