import { Command } from '@nestjs/cqrs';
import type { requestCode, RouteInput } from '@budget/contracts';

/** Mail a new sign-in code to an address, if an account has it. */
export class RequestCodeCommand extends Command<void> {
  constructor(
    readonly body: RouteInput<typeof requestCode>['body'],
    readonly clientIp: string,
  ) {
    super();
  }
}
