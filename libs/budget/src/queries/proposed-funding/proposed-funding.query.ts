import { Query } from '@nestjs/cqrs';
import type { proposedFunding, RouteResponse } from '@budget/contracts';

/** What to fund in the month of `date`, per non-system category of the caller's. */
export class ProposedFundingQuery extends Query<RouteResponse<typeof proposedFunding>> {
  constructor(
    readonly userId: string,
    readonly date: string,
  ) {
    super();
  }
}
