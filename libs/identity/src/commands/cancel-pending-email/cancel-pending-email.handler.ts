import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, PG_POOL, Unauthorized, withTransaction, type Clock, type Pool } from '@budget/platform';
import { userView, type UserView } from '../../http/user-view.js';
import { CodesRepository } from '../../persistence/codes.repository.js';
import { UsersRepository } from '../../persistence/users.repository.js';
import { CancelPendingEmailCommand } from './cancel-pending-email.command.js';

/** Clears the pending address and kills its code; answers the bare user object. */
@CommandHandler(CancelPendingEmailCommand)
export class CancelPendingEmailHandler implements ICommandHandler<CancelPendingEmailCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(CodesRepository) private readonly codes: CodesRepository,
  ) {}

  async execute({ userId }: CancelPendingEmailCommand): Promise<UserView> {
    const user = await withTransaction(this.pool, async (client) => {
      await this.users.setPendingEmail(client, userId, null, this.clock.now());
      await this.codes.discard(client, userId, 'email-change');
      return this.users.byId(client, userId);
    });
    if (!user) throw new Unauthorized();
    return userView(user);
  }
}
