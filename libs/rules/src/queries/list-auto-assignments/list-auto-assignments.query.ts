import { Query } from '@nestjs/cqrs';
import type { listAutoAssignments, RouteResponse } from '@budget/contracts';

/** The caller's rules, sorted by name, as GET /auto-assignments answers them. */
export class ListAutoAssignmentsQuery extends Query<RouteResponse<typeof listAutoAssignments>> {
  constructor(readonly userId: string) {
    super();
  }
}
