import { Controller, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { updatePassword, type RouteInput } from '@budget/contracts';
import { CurrentSessionId, CurrentUserId, Endpoint, Input } from '@budget/platform';
import { UpdatePasswordCommand } from './update-password.command.js';

/** POST /api/v1/password/update {password, passwordConfirmation, currentPassword?}: empty 200; the register password rules. */
@Controller()
export class UpdatePasswordController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(updatePassword, UpdatePasswordCommand)
  update(
    @CurrentUserId() userId: string,
    @CurrentSessionId() sessionId: string,
    @Input(updatePassword) { body }: RouteInput<typeof updatePassword>,
  ): Promise<void> {
    return this.commands.execute(new UpdatePasswordCommand(userId, sessionId, body));
  }
}
