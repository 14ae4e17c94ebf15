import { Command } from '@nestjs/cqrs';
import type { createSchedule, RouteResponse, ScheduleBody } from '@budget/contracts';

/** Schedule a transaction. */
export class CreateScheduleCommand extends Command<RouteResponse<typeof createSchedule>> {
  constructor(
    readonly userId: string,
    readonly body: ScheduleBody,
  ) {
    super();
  }
}
