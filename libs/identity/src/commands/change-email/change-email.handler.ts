import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, fieldError, PG_POOL, Unauthorized, ValidationFailed, withTransaction, type Clock, type Pool } from '@budget/platform';
import { PendingEmailCodeSender } from '../../codes/pending-email-code-sender.js';
import { isEmailAddress, normalizeEmail } from '../../domain/email-address.js';
import { userView, type UserView } from '../../http/user-view.js';
import { CodesRepository } from '../../persistence/codes.repository.js';
import { UsersRepository } from '../../persistence/users.repository.js';
import { Reauthentication } from '../../session/reauthentication.js';
import { ChangeEmailCommand } from './change-email.command.js';

const NOT_VALID = 'The email address is not valid.';

/**
 * PATCH /user {email}: the new address becomes `pendingEmail` and gets an e-mail-change code.
 * It replaces `email` only when that code is entered on code-verify with the new address.
 * Asking for the current address again simply cancels any pending change. Either needs the
 * current password or a sign-in within the last minutes (`Reauthentication`).
 */
@CommandHandler(ChangeEmailCommand)
export class ChangeEmailHandler implements ICommandHandler<ChangeEmailCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(CodesRepository) private readonly codes: CodesRepository,
    @Inject(PendingEmailCodeSender) private readonly sender: PendingEmailCodeSender,
    @Inject(Reauthentication) private readonly reauthentication: Reauthentication,
  ) {}

  async execute({ userId, sessionId, body }: ChangeEmailCommand): Promise<UserView> {
    await this.reauthentication.confirm('email-change', userId, sessionId, body.currentPassword);
    const email = normalizeEmail(body.email);
    if (!isEmailAddress(email)) throw new ValidationFailed([fieldError('email', NOT_VALID, 'email')]);
    const user = await this.users.byId(this.pool, userId);
    if (!user) throw new Unauthorized();
    if (email === user.email) {
      await withTransaction(this.pool, async (client) => {
        await this.users.setPendingEmail(client, userId, null, this.clock.now());
        await this.codes.discard(client, userId, 'email-change');
      });
    } else {
      if (await this.users.emailTaken(this.pool, email, userId)) {
        throw new ValidationFailed([fieldError('email', 'The email has already been taken', 'database.unique')]);
      }
      await this.sender.assertAllowed(userId);
      await withTransaction(this.pool, async (client) => {
        await this.users.setPendingEmail(client, userId, email, this.clock.now());
        await this.sender.issue(user, email, client);
      });
    }
    const updated = await this.users.byId(this.pool, userId);
    if (!updated) throw new Unauthorized();
    return userView(updated);
  }
}
