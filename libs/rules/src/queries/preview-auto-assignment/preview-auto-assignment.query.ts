import { Query } from '@nestjs/cqrs';
import type { previewAutoAssignment, RouteInput, RouteResponse } from '@budget/contracts';

/** What a draft rule would assign among the caller's Unassigned transactions. */
export class PreviewAutoAssignmentQuery extends Query<RouteResponse<typeof previewAutoAssignment>> {
  constructor(
    readonly userId: string,
    readonly draft: RouteInput<typeof previewAutoAssignment>['query'],
  ) {
    super();
  }
}
