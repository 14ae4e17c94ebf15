import { Controller, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { cancelPendingEmail } from '@budget/contracts';
import { CurrentUserId, Endpoint } from '@budget/platform';
import { CancelPendingEmailCommand } from './cancel-pending-email.command.js';

/** DELETE /api/v1/user/pending-email: the bare user object. */
@Controller()
export class CancelPendingEmailController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(cancelPendingEmail, CancelPendingEmailCommand)
  cancel(@CurrentUserId() userId: string) {
    return this.commands.execute(new CancelPendingEmailCommand(userId));
  }
}
