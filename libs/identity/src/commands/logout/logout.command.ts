import { Command } from '@nestjs/cqrs';

/** End the caller's current session and the session of the refresh token given (if the caller's). */
export class LogoutCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
    readonly refreshToken: string | undefined,
  ) {
    super();
  }
}
