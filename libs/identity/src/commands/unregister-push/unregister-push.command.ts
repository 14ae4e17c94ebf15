import { Command } from '@nestjs/cqrs';

/** Forget the caller's subscription of one endpoint. */
export class UnregisterPushCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly endpoint: string,
  ) {
    super();
  }
}
