import { Controller, Inject, UseFilters } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { fundingPlan, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { BudgetErrorFilter } from '../../http/budget-error.filter.js';
import { FundingPlanQuery } from './funding-plan.query.js';

/** GET /api/v1/funding-plans?h=12: `{id: 0, history, categories}`. */
@Controller()
@UseFilters(BudgetErrorFilter)
export class FundingPlanController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(fundingPlan, FundingPlanQuery)
  plan(@CurrentUserId() userId: string, @Input(fundingPlan) { query }: RouteInput<typeof fundingPlan>) {
    return this.queries.execute(new FundingPlanQuery(userId, query.h));
  }
}
