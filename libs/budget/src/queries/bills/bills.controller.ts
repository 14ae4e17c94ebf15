import { Controller, Get, Inject } from '@nestjs/common';
import { CurrentUserId } from '@budget/identity';
import { CLOCK, type Clock } from '@budget/platform';
import { BillsQuery } from './bills.query.js';

/** GET /api/v1/bills: the bill overview, a bare array. */
@Controller('bills')
export class BillsController {
  constructor(
    @Inject(BillsQuery) private readonly bills: BillsQuery,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  list(@CurrentUserId() userId: string) {
    return this.bills.bills(userId, this.clock.now().toISOString().slice(0, 10));
  }
}
