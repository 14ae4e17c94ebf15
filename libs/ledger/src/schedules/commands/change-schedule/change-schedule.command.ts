import { Command } from '@nestjs/cqrs';
import type { changeSchedule, RouteResponse, ScheduleBody } from '@budget/contracts';

/** Replace a schedule: every occurrence not posted yet follows it ("edit all future occurrences"). */
export class ChangeScheduleCommand extends Command<RouteResponse<typeof changeSchedule>> {
  constructor(
    readonly userId: string,
    readonly scheduleId: string,
    readonly body: ScheduleBody,
  ) {
    super();
  }
}
