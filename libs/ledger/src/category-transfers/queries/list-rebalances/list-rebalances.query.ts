import { Query } from '@nestjs/cqrs';
import type { listRebalances, RouteResponse } from '@budget/contracts';

/** One page of the Category Transfers register: `limit` rebalances from `offset`, newest first. */
export class ListRebalancesQuery extends Query<RouteResponse<typeof listRebalances>> {
  constructor(
    readonly userId: string,
    readonly offset: number,
    readonly limit: number,
  ) {
    super();
  }
}
