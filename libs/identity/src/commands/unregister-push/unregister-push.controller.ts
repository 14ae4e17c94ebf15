import { Controller, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { unregisterWebPush, type RouteInput } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input } from '@budget/platform';
import { UnregisterPushCommand } from './unregister-push.command.js';

/** POST /api/v1/user/unregister-push/web: empty 200, also when the endpoint was not registered. */
@Controller()
export class UnregisterPushController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(unregisterWebPush, UnregisterPushCommand)
  unregister(@CurrentUserId() userId: string, @Input(unregisterWebPush) { body }: RouteInput<typeof unregisterWebPush>): Promise<void> {
    return this.commands.execute(new UnregisterPushCommand(userId, body.endpoint));
  }
}
