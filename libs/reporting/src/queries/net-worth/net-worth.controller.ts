import { Controller, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { netWorthReport, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { NetWorthQuery } from './net-worth.query.js';

/** GET /api/v1/reports/networth?startDate&endDate&weekStart: balances by account type over time. */
@Controller()
export class NetWorthController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(netWorthReport, NetWorthQuery)
  report(@CurrentUserId() userId: string, @Input(netWorthReport) { query }: RouteInput<typeof netWorthReport>) {
    return this.queries.execute(new NetWorthQuery(userId, query));
  }
}
