import { Query } from '@nestjs/cqrs';
import type { categoryReport, RouteInput, RouteResponse } from '@budget/contracts';

/** Sums and counts by category. */
export class CategoryQuery extends Query<RouteResponse<typeof categoryReport>> {
  constructor(
    readonly userId: string,
    readonly filter: RouteInput<typeof categoryReport>['query'],
  ) {
    super();
  }
}
