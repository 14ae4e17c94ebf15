import { Query } from '@nestjs/cqrs';
import type { listBalances, RouteResponse } from '@budget/contracts';
import type { CheckedQuery } from '../../http/checked-input.js';

/** A page of an account's balance history (or of its recent end-of-day balances). */
export class ListBalancesQuery extends Query<RouteResponse<typeof listBalances>> {
  constructor(
    readonly userId: string,
    readonly accountId: string,
    readonly page: CheckedQuery<typeof listBalances>,
  ) {
    super();
  }
}
