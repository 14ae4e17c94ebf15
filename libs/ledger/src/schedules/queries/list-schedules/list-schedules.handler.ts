import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { listSchedules, RouteResponse } from '@budget/contracts';
import { ScheduleReads, scheduleView } from '../../schedule-reads.js';
import { ListSchedulesQuery } from './list-schedules.query.js';

@QueryHandler(ListSchedulesQuery)
export class ListSchedulesHandler implements IQueryHandler<ListSchedulesQuery, RouteResponse<typeof listSchedules>> {
  constructor(@Inject(ScheduleReads) private readonly reads: ScheduleReads) {}

  async execute({ userId, offset, limit }: ListSchedulesQuery): Promise<RouteResponse<typeof listSchedules>> {
    const { states, total } = await this.reads.page(userId, offset, limit);
    return { data: states.map(scheduleView), total };
  }
}
