import { Command } from '@nestjs/cqrs';
import type { changeEmail, RouteInput, RouteResponse } from '@budget/contracts';

/** Make an address the user's pending e-mail and mail it an e-mail-change code. */
export class ChangeEmailCommand extends Command<RouteResponse<typeof changeEmail>> {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
    readonly body: RouteInput<typeof changeEmail>['body'],
  ) {
    super();
  }
}
