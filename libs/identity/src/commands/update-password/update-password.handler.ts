import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, PG_POOL, ValidationFailed, withTransaction, type Clock, type Pool } from '@budget/platform';
import { checkNewPassword } from '../../domain/password-policy.js';
import { PasswordHasher } from '../../infra/password-hasher.js';
import { SessionsRepository } from '../../persistence/sessions.repository.js';
import { UsersRepository } from '../../persistence/users.repository.js';
import { Reauthentication } from '../../session/reauthentication.js';
import { UpdatePasswordCommand } from './update-password.command.js';

/**
 * POST /password/update: stores the new Argon2id hash and revokes every other session of the
 * user (their refresh tokens and, at the guard, their access tokens). The session making the
 * change stays signed in: it is the last step of password recovery. The password rules are
 * register's (`checkNewPassword`). It asks for the current password (`Reauthentication`), except in
 * a session a recovery code opened within the last minutes.
 */
@CommandHandler(UpdatePasswordCommand)
export class UpdatePasswordHandler implements ICommandHandler<UpdatePasswordCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(Reauthentication) private readonly reauthentication: Reauthentication,
  ) {}

  async execute({ userId, sessionId: currentSessionId, body }: UpdatePasswordCommand): Promise<void> {
    // The current password first (a session opened by a recovery code moments ago may omit it).
    await this.reauthentication.confirm('password-change', userId, currentSessionId, body.currentPassword);
    const password = body.password ?? '';
    const problem = checkNewPassword(password, body.passwordConfirmation);
    if (problem) throw new ValidationFailed([problem]);
    const passwordHash = await this.hasher.hash(password);
    await withTransaction(this.pool, async (client) => {
      const now = this.clock.now();
      await this.users.setPasswordHash(client, userId, passwordHash, now);
      await this.sessions.revokeAllOf(client, userId, currentSessionId, 'password-change', now);
    });
  }
}
