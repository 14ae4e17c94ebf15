import { Query } from '@nestjs/cqrs';
import type { fundingPlan, RouteResponse } from '@budget/contracts';

/** The caller's one funding plan with the last `months` calendar months of funding up to `today`'s. */
export class FundingPlanQuery extends Query<RouteResponse<typeof fundingPlan>> {
  constructor(
    readonly userId: string,
    readonly months: number,
  ) {
    super();
  }
}
