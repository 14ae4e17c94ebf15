import { Query } from '@nestjs/cqrs';
import type { listConnectedAccounts, RouteResponse } from '@budget/contracts';
import type { CheckedQuery } from '../../http/checked-input.js';

/** A page of the caller's institutions with their accounts. */
export class ConnectedAccountsQuery extends Query<RouteResponse<typeof listConnectedAccounts>> {
  constructor(
    readonly userId: string,
    readonly page: CheckedQuery<typeof listConnectedAccounts>,
  ) {
    super();
  }
}
