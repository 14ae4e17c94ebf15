import { Controller, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { registerWebPush, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { RegisterPushCommand } from './register-push.command.js';

/** POST /api/v1/user/register-push/web: empty 200. */
@Controller()
export class RegisterPushController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(registerWebPush, RegisterPushCommand)
  register(@CurrentUserId() userId: string, @Input(registerWebPush) { body }: RouteInput<typeof registerWebPush>): Promise<void> {
    return this.commands.execute(new RegisterPushCommand(userId, body));
  }
}
