import { Inject, Injectable } from '@nestjs/common';
import type { PoolClient } from '@budget/platform';
import { CodesRepository, type StoredCode } from '../../persistence/codes.repository.js';
import { UsersRepository } from '../../persistence/users.repository.js';

/** What an accepted code changes on the user: verify the address, or switch to the pending one. */
@Injectable()
export class CodeOutcomeApplier {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(CodesRepository) private readonly codes: CodesRepository,
  ) {}

  async apply(client: PoolClient, code: StoredCode, now: Date): Promise<'ok' | 'invalid' | 'email-taken'> {
    const user = await this.users.byId(client, code.userId, true);
    if (!user) return 'invalid';
    if (code.purpose === 'sign-in') {
      // The code went to the user's own address: that proves the address.
      if (user.email === code.address) await this.users.markEmailVerified(client, user.id, now);
      return 'ok';
    }
    // An e-mail-change code only counts for the address still pending.
    if (user.pendingEmail !== code.address) return 'invalid';
    if (await this.users.emailTaken(client, code.address, user.id)) return 'email-taken';
    await this.users.applyPendingEmail(client, user.id, now);
    // A sign-in code mailed to the old address must not work any more.
    await this.codes.discard(client, user.id, 'sign-in');
    return 'ok';
  }
}
