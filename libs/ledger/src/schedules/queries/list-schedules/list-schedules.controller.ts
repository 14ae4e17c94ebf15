import { Controller, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { listSchedules } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import type { CheckedInput } from '../../../http/checked-input.js';
import { ListSchedulesQuery } from './list-schedules.query.js';

/** GET /api/v1/schedules?offset=&limit=: `{data, total}`. */
@Controller()
export class ListSchedulesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(listSchedules, ListSchedulesQuery)
  list(@CurrentUserId() userId: string, @Input(listSchedules) { query }: CheckedInput<typeof listSchedules>) {
    return this.queries.execute(new ListSchedulesQuery(userId, query.offset, query.limit));
  }
}
