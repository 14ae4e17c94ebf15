import { Command } from '@nestjs/cqrs';

/** Mail a new code (replacing the old one) to the user's pending address, if any. */
export class ResendPendingEmailCommand extends Command<void> {
  constructor(readonly userId: string) {
    super();
  }
}
