import { Query } from '@nestjs/cqrs';
import type { categoryBalancesAsOf, RouteResponse } from '@budget/contracts';

/** Every category's balance at the end of `date`, without the splits of `transactionId` when given. */
export class CategoryBalancesQuery extends Query<RouteResponse<typeof categoryBalancesAsOf>> {
  constructor(
    readonly userId: string,
    readonly date: string,
    readonly transactionId: string | null,
  ) {
    super();
  }
}
