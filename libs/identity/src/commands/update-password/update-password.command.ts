import { Command } from '@nestjs/cqrs';
import type { RouteInput, updatePassword } from '@budget/contracts';

/** Set a new password; every other session of the user ends. */
export class UpdatePasswordCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
    readonly body: RouteInput<typeof updatePassword>['body'],
  ) {
    super();
  }
}
