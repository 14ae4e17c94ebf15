import { Command } from '@nestjs/cqrs';
import type { changeScheduleOccurrence, RouteResponse } from '@budget/contracts';
import type { CheckedBody } from '../../../http/checked-input.js';

/** Edit one occurrence alone: its post date, payee, amount or splits. */
export class ChangeOccurrenceCommand extends Command<RouteResponse<typeof changeScheduleOccurrence>> {
  constructor(
    readonly userId: string,
    readonly scheduleId: string,
    readonly body: CheckedBody<typeof changeScheduleOccurrence>,
  ) {
    super();
  }
}
