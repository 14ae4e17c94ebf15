import { Command } from '@nestjs/cqrs';
import type { RouteResponse, skipScheduleOccurrence } from '@budget/contracts';

/** Skip one occurrence: it will not post. */
export class SkipOccurrenceCommand extends Command<RouteResponse<typeof skipScheduleOccurrence>> {
  constructor(
    readonly userId: string,
    readonly scheduleId: string,
    readonly date: string,
  ) {
    super();
  }
}
