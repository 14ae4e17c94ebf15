import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { listAutoAssignments, RouteResponse } from '@budget/contracts';
import { ListAutoAssignmentsQuery } from './list-auto-assignments.query.js';
import { listedRuleView, RulesReads } from './rules-reads.js';

@QueryHandler(ListAutoAssignmentsQuery)
export class ListAutoAssignmentsHandler implements IQueryHandler<ListAutoAssignmentsQuery, RouteResponse<typeof listAutoAssignments>> {
  constructor(@Inject(RulesReads) private readonly reads: RulesReads) {}

  async execute({ userId }: ListAutoAssignmentsQuery): Promise<RouteResponse<typeof listAutoAssignments>> {
    return (await this.reads.list(userId)).map(listedRuleView);
  }
}
