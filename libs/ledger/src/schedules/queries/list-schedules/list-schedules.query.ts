import { Query } from '@nestjs/cqrs';
import type { listSchedules, RouteResponse } from '@budget/contracts';

/** A page of the caller's schedules, by name. */
export class ListSchedulesQuery extends Query<RouteResponse<typeof listSchedules>> {
  constructor(
    readonly userId: string,
    readonly offset: number,
    readonly limit: number,
  ) {
    super();
  }
}
