import { Command } from '@nestjs/cqrs';
import type { login, RouteInput, RouteResponse } from '@budget/contracts';

/** Sign in with username and password. */
export class LoginCommand extends Command<RouteResponse<typeof login>> {
  constructor(
    readonly body: RouteInput<typeof login>['body'],
    readonly clientIp: string,
  ) {
    super();
  }
}
