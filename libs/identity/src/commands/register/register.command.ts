import { Command } from '@nestjs/cqrs';
import type { registerUser, RouteInput } from '@budget/contracts';

/** Sign up: the account, its default budget and the "Welcome!" mail with the verifying code. */
export class RegisterCommand extends Command<void> {
  constructor(
    readonly body: RouteInput<typeof registerUser>['body'],
    readonly clientIp: string,
  ) {
    super();
  }
}
