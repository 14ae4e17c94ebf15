import { Controller, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { payeeReport, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { PayeeQuery } from './payee.query.js';

/** GET /api/v1/reports/payee?startDate&endDate&pc…&a…: spending and income by payee and channel. */
@Controller()
export class PayeeController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(payeeReport, PayeeQuery)
  report(@CurrentUserId() userId: string, @Input(payeeReport) { query }: RouteInput<typeof payeeReport>) {
    return this.queries.execute(new PayeeQuery(userId, query));
  }
}
