import { Controller, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { logout, type RouteInput } from '@budget/contracts';
import { CurrentSessionId, CurrentUserId, Endpoint, Input } from '@budget/platform';
import { LogoutCommand } from './logout.command.js';

/** POST /api/v1/logout `{data:{refresh}}`: empty 200. */
@Controller()
export class LogoutController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(logout, LogoutCommand)
  logout(
    @CurrentUserId() userId: string,
    @CurrentSessionId() sessionId: string,
    @Input(logout) { body }: RouteInput<typeof logout>,
  ): Promise<void> {
    return this.commands.execute(new LogoutCommand(userId, sessionId, body.data?.refresh));
  }
}
