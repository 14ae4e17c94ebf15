import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, PG_POOL, Unauthorized, ValidationFailed, withTransaction, type Clock, type Pool } from '@budget/platform';
import { PendingEmailCodeSender } from '../../codes/pending-email-code-sender.js';
import { userView, type UserView } from '../../http/user-view.js';
import { CodesRepository } from '../../persistence/codes.repository.js';
import { UsersRepository } from '../../persistence/users.repository.js';

/**
 * PATCH /user {email}: the new address becomes `pendingEmail` and gets an e-mail-change code.
 * It replaces `email` only when that code is entered on code-verify with the new address.
 * Asking for the current address again simply cancels any pending change.
 */
@Injectable()
export class ChangeEmailService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(CodesRepository) private readonly codes: CodesRepository,
    @Inject(PendingEmailCodeSender) private readonly sender: PendingEmailCodeSender,
  ) {}

  async change(userId: string, email: string): Promise<UserView> {
    const user = await this.users.byId(this.pool, userId);
    if (!user) throw new Unauthorized();
    if (email === user.email) {
      await withTransaction(this.pool, async (client) => {
        await this.users.setPendingEmail(client, userId, null, this.clock.now());
        await this.codes.discard(client, userId, 'email-change');
      });
    } else {
      if (await this.users.emailTaken(this.pool, email, userId)) {
        throw new ValidationFailed([{ field: 'email', code: 'database.unique', message: 'The email has already been taken' }]);
      }
      await this.sender.assertAllowed(userId);
      const sendMail = await withTransaction(this.pool, async (client) => {
        await this.users.setPendingEmail(client, userId, email, this.clock.now());
        return this.sender.issue(user, email, client);
      });
      await sendMail();
    }
    const updated = await this.users.byId(this.pool, userId);
    if (!updated) throw new Unauthorized();
    return userView(updated);
  }
}
