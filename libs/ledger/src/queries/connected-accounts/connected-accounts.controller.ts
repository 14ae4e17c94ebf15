import { Controller, Inject, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { listConnectedAccounts } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../http/checked-input.js';
import { LedgerErrorFilter } from '../../http/ledger-error.filter.js';
import { ConnectedAccountsQuery } from './connected-accounts.query.js';

/** GET /api/v1/connected-accounts?offset&limit: `{data: institutions}`, by name (1000 unless a limit is given). */
@Controller()
@UseFilters(LedgerErrorFilter)
export class ConnectedAccountsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(listConnectedAccounts, ConnectedAccountsQuery)
  list(@CurrentUserId() userId: string, @Input(listConnectedAccounts) { query }: CheckedInput<typeof listConnectedAccounts>) {
    return this.queries.execute(new ConnectedAccountsQuery(userId, query));
  }
}
