import { Command } from '@nestjs/cqrs';
import type { postScheduleOccurrence, RouteResponse } from '@budget/contracts';
import type { Actor } from '@budget/platform';

/**
 * Post one occurrence as a transaction: the user's "post now" (actor `user`), or the worker's due
 * scan (actor `system`). Dated with its post date, or today when that is still ahead.
 */
export class PostOccurrenceCommand extends Command<RouteResponse<typeof postScheduleOccurrence>> {
  constructor(
    readonly userId: string,
    readonly scheduleId: string,
    readonly date: string,
    readonly actor: Actor = 'user',
  ) {
    super();
  }
}
