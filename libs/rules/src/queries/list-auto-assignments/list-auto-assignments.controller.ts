import { Controller, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { listAutoAssignments } from '@budget/contracts';
import { CurrentUserId, Endpoint } from '@budget/platform';
import { ListAutoAssignmentsQuery } from './list-auto-assignments.query.js';

/** GET /api/v1/auto-assignments: the signed-in user's rules, sorted by name. */
@Controller()
export class ListAutoAssignmentsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(listAutoAssignments, ListAutoAssignmentsQuery)
  list(@CurrentUserId() userId: string) {
    return this.queries.execute(new ListAutoAssignmentsQuery(userId));
  }
}
