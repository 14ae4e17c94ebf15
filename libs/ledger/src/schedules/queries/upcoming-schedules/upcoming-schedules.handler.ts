import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { UPCOMING_DAYS_MAX, type RouteResponse, type upcomingSchedules } from '@budget/contracts';
import { CLOCK, ValidationFailed, type Clock } from '@budget/platform';
import { addDays, dayNumber } from '../../domain/recurrence.js';
import { ScheduleReads, upcomingView } from '../../schedule-reads.js';
import { UpcomingSchedulesQuery } from './upcoming-schedules.query.js';

/** Overdue rows are looked for this far back by default; upcoming ones this far ahead. */
const BACK_DAYS = 31;
const AHEAD_DAYS = 30;

@QueryHandler(UpcomingSchedulesQuery)
export class UpcomingSchedulesHandler implements IQueryHandler<UpcomingSchedulesQuery, RouteResponse<typeof upcomingSchedules>> {
  constructor(
    @Inject(ScheduleReads) private readonly reads: ScheduleReads,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId, accountId, from, to }: UpcomingSchedulesQuery): Promise<RouteResponse<typeof upcomingSchedules>> {
    const today = this.clock.now().toISOString().slice(0, 10);
    const start = from ?? addDays(today, -BACK_DAYS);
    const end = to ?? addDays(start > today ? start : today, AHEAD_DAYS);
    if (end < start) throw new ValidationFailed([{ field: 'to', message: 'The end of the range must not be before its start.', code: 'range' }]);
    if (dayNumber(end) - dayNumber(start) > UPCOMING_DAYS_MAX)
      throw new ValidationFailed([{ field: 'to', message: `The range must be at most ${UPCOMING_DAYS_MAX} days.`, code: 'range' }]);
    const rows = await this.reads.upcoming(userId, accountId?.toLowerCase() ?? null, start, end);
    return { data: rows.map(({ state, occurrence }) => upcomingView(state, occurrence, today)) };
  }
}
