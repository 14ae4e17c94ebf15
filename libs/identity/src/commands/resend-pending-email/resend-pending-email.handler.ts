import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PG_POOL, withTransaction, type Pool } from '@budget/platform';
import { PendingEmailCodeSender } from '../../codes/pending-email-code-sender.js';
import { UsersRepository } from '../../persistence/users.repository.js';
import { ResendPendingEmailCommand } from './resend-pending-email.command.js';

/** Mails a new e-mail-change code to the pending address (the old code dies); nothing when none is pending. */
@CommandHandler(ResendPendingEmailCommand)
export class ResendPendingEmailHandler implements ICommandHandler<ResendPendingEmailCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(PendingEmailCodeSender) private readonly sender: PendingEmailCodeSender,
  ) {}

  async execute({ userId }: ResendPendingEmailCommand): Promise<void> {
    const user = await this.users.byId(this.pool, userId);
    const pendingEmail = user?.pendingEmail;
    if (!user || !pendingEmail) return;
    await this.sender.assertAllowed(userId);
    await withTransaction(this.pool, (client) => this.sender.issue(user, pendingEmail, client));
  }
}
