import { Query } from '@nestjs/cqrs';
import type { RouteResponse, upcomingSchedules } from '@budget/contracts';

/** The caller's open occurrences posting in a date range, on one account or all. */
export class UpcomingSchedulesQuery extends Query<RouteResponse<typeof upcomingSchedules>> {
  constructor(
    readonly userId: string,
    readonly accountId: string | null,
    readonly from: string | null,
    readonly to: string | null,
  ) {
    super();
  }
}
