import { Command } from '@nestjs/cqrs';
import type { RouteInput, RouteResponse, verifyCode } from '@budget/contracts';

/** Sign in with the one-time code mailed to an address. */
export class VerifyCodeCommand extends Command<RouteResponse<typeof verifyCode>> {
  constructor(
    readonly body: RouteInput<typeof verifyCode>['body'],
    readonly clientIp: string,
  ) {
    super();
  }
}
