import { Controller, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { deleteUser } from '@budget/contracts';
import { CurrentUserId, Endpoint } from '@budget/platform';
import { DeleteUserCommand } from './delete-user.command.js';

/** DELETE /api/v1/user: only ever the caller's account; empty 200 once everything is gone. */
@Controller()
export class DeleteUserController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(deleteUser, DeleteUserCommand)
  delete(@CurrentUserId() userId: string): Promise<void> {
    return this.commands.execute(new DeleteUserCommand(userId));
  }
}
