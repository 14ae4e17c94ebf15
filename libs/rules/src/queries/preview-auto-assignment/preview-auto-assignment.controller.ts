import { Controller, Inject, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { previewAutoAssignment, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { RulesErrorFilter } from '../../http/rules-error.filter.js';
import { PreviewAutoAssignmentQuery } from './preview-auto-assignment.query.js';

/** GET /api/v1/auto-assignments/preview: a draft rule run over the Unassigned transactions. */
@Controller()
@UseFilters(RulesErrorFilter)
export class PreviewAutoAssignmentController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(previewAutoAssignment, PreviewAutoAssignmentQuery)
  preview(@CurrentUserId() userId: string, @Input(previewAutoAssignment) { query }: RouteInput<typeof previewAutoAssignment>) {
    return this.queries.execute(new PreviewAutoAssignmentQuery(userId, query));
  }
}
