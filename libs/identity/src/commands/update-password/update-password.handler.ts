import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, PG_POOL, withTransaction, type Clock, type Pool } from '@budget/platform';
import { PasswordHasher } from '../../infra/password-hasher.js';
import { SessionsRepository } from '../../persistence/sessions.repository.js';
import { UsersRepository } from '../../persistence/users.repository.js';

/**
 * POST /password/update: stores the new Argon2id hash and revokes every other session of the
 * user (their refresh tokens and, at the guard, their access tokens). The session making the
 * change stays signed in: it is the last step of password recovery.
 */
@Injectable()
export class UpdatePasswordService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
  ) {}

  async update(userId: string, currentSessionId: string, password: string): Promise<void> {
    const passwordHash = await this.hasher.hash(password);
    await withTransaction(this.pool, async (client) => {
      const now = this.clock.now();
      await this.users.setPasswordHash(client, userId, passwordHash, now);
      await this.sessions.revokeAllOf(client, userId, currentSessionId, 'password-change', now);
    });
  }
}
