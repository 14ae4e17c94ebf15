import { Command } from '@nestjs/cqrs';
import type { WebPushSubscriptionBody } from '@budget/contracts';

/** Store the browser's push subscription for the caller (one row per endpoint). */
export class RegisterPushCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly subscription: WebPushSubscriptionBody,
  ) {
    super();
  }
}
