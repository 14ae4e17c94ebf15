import { Controller, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { deleteUser, type RouteInput } from '@budget/contracts';
import { CurrentSessionId, CurrentUserId, Endpoint, Input } from '@budget/platform';
import { DeleteUserCommand } from './delete-user.command.js';

/** DELETE /api/v1/user [{currentPassword}]: only ever the caller's account; empty 200 once everything is gone. */
@Controller()
export class DeleteUserController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(deleteUser, DeleteUserCommand)
  delete(
    @CurrentUserId() userId: string,
    @CurrentSessionId() sessionId: string,
    @Input(deleteUser) { body }: RouteInput<typeof deleteUser>,
  ): Promise<void> {
    return this.commands.execute(new DeleteUserCommand(userId, sessionId, body.currentPassword));
  }
}
