import { Query } from '@nestjs/cqrs';
import type { netWorthReport, RouteInput, RouteResponse } from '@budget/contracts';

/** Balances by account type over time. */
export class NetWorthQuery extends Query<RouteResponse<typeof netWorthReport>> {
  constructor(
    readonly userId: string,
    readonly filter: RouteInput<typeof netWorthReport>['query'],
  ) {
    super();
  }
}
