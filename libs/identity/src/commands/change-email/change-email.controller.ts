import { Controller, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { changeEmail, type RouteInput } from '@budget/contracts';
import { CurrentSessionId, CurrentUserId, Endpoint, Input } from '@budget/platform';
import { ChangeEmailCommand } from './change-email.command.js';

/** PATCH /api/v1/user {email}: the bare user object (server-behaviour §4.1), with the new `pendingEmail`. */
@Controller()
export class ChangeEmailController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(changeEmail, ChangeEmailCommand)
  change(@CurrentUserId() userId: string, @CurrentSessionId() sessionId: string, @Input(changeEmail) { body }: RouteInput<typeof changeEmail>) {
    return this.commands.execute(new ChangeEmailCommand(userId, sessionId, body));
  }
}
