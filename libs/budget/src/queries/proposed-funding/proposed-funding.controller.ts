import { Controller, Inject, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { proposedFunding, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { BudgetErrorFilter } from '../../http/budget-error.filter.js';
import { ProposedFundingQuery } from './proposed-funding.query.js';

/** GET /api/v1/funding-plans/proposed?date=D: `{data: [proposal]}`. */
@Controller()
@UseFilters(BudgetErrorFilter)
export class ProposedFundingController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(proposedFunding, ProposedFundingQuery)
  proposed(@CurrentUserId() userId: string, @Input(proposedFunding) { query }: RouteInput<typeof proposedFunding>) {
    return this.queries.execute(new ProposedFundingQuery(userId, query.date));
  }
}
