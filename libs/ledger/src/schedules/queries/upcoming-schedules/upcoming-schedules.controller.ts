import { Controller, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { upcomingSchedules } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../../http/checked-input.js';
import { UpcomingSchedulesQuery } from './upcoming-schedules.query.js';

/** GET /api/v1/schedules/upcoming?accountId=&from=&to=: the register's scheduled rows and the month's expected spending. */
@Controller()
export class UpcomingSchedulesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(upcomingSchedules, UpcomingSchedulesQuery)
  upcoming(@CurrentUserId() userId: string, @Input(upcomingSchedules) { query }: CheckedInput<typeof upcomingSchedules>) {
    return this.queries.execute(new UpcomingSchedulesQuery(userId, query.accountId ?? null, query.from ?? null, query.to ?? null));
  }
}
