import { Query } from '@nestjs/cqrs';
import type { listBalances, RouteResponse } from '@budget/contracts';

/** An account's balance history (or its recent end-of-day balances). */
export class ListBalancesQuery extends Query<RouteResponse<typeof listBalances>> {
  constructor(
    readonly userId: string,
    readonly accountId: string,
  ) {
    super();
  }
}
