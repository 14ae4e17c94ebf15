import { Controller, Inject, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { listConnectedAccounts } from '@budget/contracts';
import { CurrentUserId, Endpoint } from '@budget/platform';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { ConnectedAccountsQuery } from './connected-accounts.query.js';

/** GET /api/v1/connected-accounts: `{data: institutions}`. */
@Controller()
@UseFilters(LedgerErrorFilter)
export class ConnectedAccountsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(listConnectedAccounts, ConnectedAccountsQuery)
  list(@CurrentUserId() userId: string) {
    return this.queries.execute(new ConnectedAccountsQuery(userId));
  }
}
