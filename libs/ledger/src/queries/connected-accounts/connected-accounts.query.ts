import { Query } from '@nestjs/cqrs';
import type { listConnectedAccounts, RouteResponse } from '@budget/contracts';

/** The caller's institutions with their accounts. */
export class ConnectedAccountsQuery extends Query<RouteResponse<typeof listConnectedAccounts>> {
  constructor(readonly userId: string) {
    super();
  }
}
