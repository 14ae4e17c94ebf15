import { Command } from '@nestjs/cqrs';
import type { cancelPendingEmail, RouteResponse } from '@budget/contracts';

/** Forget the user's pending address and kill its code. */
export class CancelPendingEmailCommand extends Command<RouteResponse<typeof cancelPendingEmail>> {
  constructor(readonly userId: string) {
    super();
  }
}
