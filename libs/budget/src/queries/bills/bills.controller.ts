import { Controller, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { listBills } from '@budget/contracts';
import { CurrentUserId, Endpoint } from '@budget/platform';
import { BillsQuery } from './bills.query.js';

/** GET /api/v1/bills: the bill overview, a bare array. */
@Controller()
export class BillsController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(listBills, BillsQuery)
  list(@CurrentUserId() userId: string) {
    return this.queries.execute(new BillsQuery(userId));
  }
}
