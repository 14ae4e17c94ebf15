import { Controller, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { resendPendingEmail } from '@budget/contracts';
import { CurrentUserId, Endpoint } from '@budget/platform';
import { ResendPendingEmailCommand } from './resend-pending-email.command.js';

/** POST /api/v1/user/pending-email/resend: empty 200, also when nothing is pending. */
@Controller()
export class ResendPendingEmailController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Endpoint(resendPendingEmail, ResendPendingEmailCommand)
  resend(@CurrentUserId() userId: string): Promise<void> {
    return this.commands.execute(new ResendPendingEmailCommand(userId));
  }
}
