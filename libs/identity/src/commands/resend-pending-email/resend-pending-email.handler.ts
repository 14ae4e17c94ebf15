import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { PG_POOL, type Pool } from '@budget/platform';
import { CurrentUserId } from '../../auth/current-user.decorator.js';
import { PendingEmailCodeSender } from '../../codes/pending-email-code-sender.js';
import { UsersRepository } from '../../persistence/users.repository.js';

@Controller()
export class ResendPendingEmailController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(PendingEmailCodeSender) private readonly sender: PendingEmailCodeSender,
  ) {}

  /** Mails a new code (replacing the old one) to the pending address; empty 200, also when none is pending. */
  @Post('user/pending-email/resend')
  @HttpCode(200)
  async resend(@CurrentUserId() userId: string): Promise<void> {
    const user = await this.users.byId(this.pool, userId);
    if (!user?.pendingEmail) return;
    await this.sender.assertAllowed(userId);
    const sendMail = await this.sender.issue(user, user.pendingEmail);
    await sendMail();
  }
}
