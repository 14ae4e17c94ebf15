import { Controller, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { fundingHistoryReport, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { FundingHistoryQuery } from './funding-history.query.js';

/** GET /api/v1/reports/funding-history?endDate: what each category was funded, month by month. */
@Controller()
export class FundingHistoryController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(fundingHistoryReport, FundingHistoryQuery)
  report(@CurrentUserId() userId: string, @Input(fundingHistoryReport) { query }: RouteInput<typeof fundingHistoryReport>) {
    return this.queries.execute(new FundingHistoryQuery(userId, query));
  }
}
