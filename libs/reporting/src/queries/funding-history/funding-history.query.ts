import { Query } from '@nestjs/cqrs';
import type { fundingHistoryReport, RouteInput, RouteResponse } from '@budget/contracts';

/** What each category was funded, month by month. */
export class FundingHistoryQuery extends Query<RouteResponse<typeof fundingHistoryReport>> {
  constructor(
    readonly userId: string,
    readonly filter: RouteInput<typeof fundingHistoryReport>['query'],
  ) {
    super();
  }
}
